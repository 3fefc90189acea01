import { useNavigation } from "react-router";
import { ConfirmForm } from "#app/components/ui/confirm-form.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Trash } from "#app/components/ui/icons.ts";

/** Delete, after "Delete this analysis?": the analysis and its uploaded file go. */
export function DeleteAnalysis(props: {
  analysis: { id: string; fileName: string };
  /** The route whose action takes `intent=delete` with the `id`. */
  action: string;
  /** Where a list shows many, the button says which bill it deletes. */
  named?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <ConfirmForm
      fields={{ intent: "delete", id: props.analysis.id }}
      action={props.action}
      label={props.named ? `Delete ${props.analysis.fileName}` : undefined}
      busy={busy}
      title="Delete this analysis?"
      description={`The analysis of ${props.analysis.fileName} and the uploaded bill are deleted. Quotes made from it stay.`}
      confirmLabel="Delete"
    >
      <Icon icon={Trash} className="size-4" /> Delete
    </ConfirmForm>
  );
}
