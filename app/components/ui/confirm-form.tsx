import { type ReactNode, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { Button } from "./button.tsx";
import { Modal } from "./modal.tsx";

/**
 * A POST form that asks before it is sent, for what cannot be undone. With JavaScript its button
 * opens a dialog that says what will happen, and the dialog's button sends this very form;
 * without JavaScript the form posts as it is. The action checks everything either way.
 */
export function ConfirmForm(props: {
  /** The hidden fields the action reads: its intent and ids. */
  fields: Record<string, string>;
  /** The route whose action takes the form; the current one when left out. */
  action?: string | undefined;
  /** The button in the page. */
  children: ReactNode;
  /** Its accessible name, where its text alone does not say what it acts on. */
  label?: string | undefined;
  /** Red, for what cannot be undone; a neutral button where an icon says it already. */
  danger?: boolean | undefined;
  busy: boolean;
  title: string;
  /** What will happen, in plain words: the dialog's accessible description. */
  description: string;
  confirmLabel: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  return (
    <>
      <Form
        method="post"
        action={props.action}
        ref={form}
        onSubmit={(event) => {
          event.preventDefault();
          if (!props.busy) setConfirming(true);
        }}
      >
        {Object.entries(props.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button
          type="submit"
          variant={props.danger ? "danger" : "secondary"}
          // Not `disabled`: the dialog gives focus back to this button when it closes, and a
          // disabled button cannot take it, so a keyboard user would lose their place.
          aria-disabled={props.busy || undefined}
          aria-label={props.label}
        >
          {props.children}
        </Button>
      </Form>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={props.title}
        description={props.description}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setConfirming(false);
              if (form.current) submit(form.current);
            }}
          >
            {props.confirmLabel}
          </Button>
        </div>
      </Modal>
    </>
  );
}
