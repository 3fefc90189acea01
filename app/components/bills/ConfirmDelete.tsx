import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Modal } from "#app/components/ui/modal.tsx";

/** "Delete this analysis?": the analysis and its uploaded file go, after the agent confirms. */
export function ConfirmDelete(props: {
  target: { id: string; fileName: string } | null;
  onClose: () => void;
  /** The route whose action takes `intent=delete` (with `id` for a list). */
  action: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <Modal
      open={props.target !== null}
      onOpenChange={(open) => (open ? undefined : props.onClose())}
      title="Delete this analysis?"
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The analysis of{" "}
        <span className="font-semibold wrap-anywhere">{props.target?.fileName}</span> and the
        uploaded bill are deleted. Quotes made from it stay.
      </p>
      <Form
        method="post"
        action={props.action}
        className="mt-6 flex justify-end gap-2"
        onSubmit={props.onClose}
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={props.target?.id ?? ""} />
        <Button variant="secondary" onClick={props.onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          Delete
        </Button>
      </Form>
    </Modal>
  );
}
