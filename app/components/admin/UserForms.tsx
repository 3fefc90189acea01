import { type ReactNode, useEffect, useRef } from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { ROLE_OPTIONS } from "#app/lib/schemas/user-constants.ts";
import type { UserAction, UsersAnswer } from "#app/lib/schemas/users.ts";

type FormProps = {
  /** The latest answer of the screen's actions, whichever form sent it. */
  answer: UsersAnswer | undefined;
  /** Some form of the screen is being sent. */
  busy: boolean;
  /** This form is being sent. */
  submitting: boolean;
};

/**
 * What one form needs from the latest answer: whether it refused this form (the panel stays
 * open), and each field's name, message and busy state.
 */
function formState(props: FormProps, intent: UserAction["intent"]) {
  const { answer, busy } = props;
  const refused = answer !== undefined && !answer.ok && answer.intent === intent;
  const field = (name: string) => ({
    name,
    error: refused ? answer.fieldErrors?.[name] : undefined,
    disabled: busy,
  });
  return { refused, field };
}

type Field = ReturnType<typeof formState>["field"];

/** Both forms ask for the person's email and role. */
function EmailAndRole(props: { field: Field; busy: boolean }) {
  return (
    <>
      <TextField label="Email" type="email" autoComplete="off" required {...props.field("email")} />
      <SelectField
        label="Role"
        name="role"
        options={ROLE_OPTIONS}
        defaultValue="agent"
        disabled={props.busy}
      />
    </>
  );
}

/**
 * One of the screen's two forms, in a panel that opens on demand and stays open when its last
 * submit was refused. Plain POSTs, so it works before JavaScript loads.
 */
function PanelForm(props: {
  state: FormProps;
  intent: "invite" | "create";
  title: string;
  className: string;
  submit: { label: string; busy: string; className?: string };
  children: (field: Field) => ReactNode;
}) {
  const { refused, field } = formState(props.state, props.intent);
  const { answer, busy, submitting } = props.state;
  const panel = useRef<HTMLDetailsElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Once this form's submit succeeded, it is done: left open and filled, one more click sent the
  // same invitation again. The panel closes empty and focus goes back to its heading.
  useEffect(() => {
    if (!answer?.ok || answer.intent !== props.intent || !panel.current?.open) return;
    form.current?.reset();
    panel.current.open = false;
    panel.current.querySelector("summary")?.focus();
  }, [answer, props.intent]);
  return (
    <details
      ref={panel}
      className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      open={refused}
    >
      <summary className="cursor-pointer font-semibold">{props.title}</summary>
      <Form ref={form} method="post" className={props.className} noValidate>
        <input type="hidden" name="intent" value={props.intent} />
        {props.children(field)}
        <Button type="submit" disabled={busy} className={props.submit.className}>
          {submitting ? props.submit.busy : props.submit.label}
        </Button>
      </Form>
    </details>
  );
}

/** What sets the two forms apart, besides their fields. */
const FORMS = {
  invite: {
    intent: "invite",
    title: "Invite by email",
    className: "mt-4 space-y-4",
    submit: { label: "Send invitation", busy: "Sending..." },
  },
  create: {
    intent: "create",
    title: "Create a user",
    className: "mt-4 grid gap-4 sm:grid-cols-2",
    submit: {
      label: "Create user",
      busy: "Creating...",
      className: "sm:col-span-2 sm:justify-self-start",
    },
  },
} as const;

export function InviteForm(props: FormProps) {
  return (
    <PanelForm state={props} {...FORMS.invite}>
      {(field) => <EmailAndRole field={field} busy={props.busy} />}
    </PanelForm>
  );
}

export function CreateUserForm(props: FormProps) {
  return (
    <PanelForm state={props} {...FORMS.create}>
      {(field) => (
        <>
          <TextField
            label="Username"
            autoComplete="off"
            autoCapitalize="none"
            required
            {...field("username")}
          />
          <TextField label="Name" autoComplete="off" required {...field("name")} />
          <EmailAndRole field={field} busy={props.busy} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 8 characters; not a common password, the username or the email"
            className="sm:col-span-2"
            {...field("password")}
          />
        </>
      )}
    </PanelForm>
  );
}
