import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { ROLE_OPTIONS, type UserAction, type UsersAnswer } from "#app/lib/schemas/users.ts";

type FormProps = {
  /** The latest answer of the screen's actions, whichever form sent it. */
  answer: UsersAnswer | undefined;
  /** Some form of the screen is being sent. */
  busy: boolean;
  /** This form is being sent. */
  submitting: boolean;
};

/** The field messages of a refused answer to this form, or null when the answer is not one. */
function refusedHere(answer: UsersAnswer | undefined, intent: UserAction["intent"]) {
  return answer && !answer.ok && answer.intent === intent ? (answer.fieldErrors ?? {}) : null;
}

/** A form that opens on demand, and stays open when its last submit was refused. */
function FormPanel(props: { title: string; open: boolean; children: ReactNode }) {
  return (
    <details
      className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      open={props.open}
    >
      <summary className="cursor-pointer font-semibold">{props.title}</summary>
      {props.children}
    </details>
  );
}

export function InviteForm({ answer, busy, submitting }: FormProps) {
  const errors = refusedHere(answer, "invite");
  return (
    <FormPanel title="Invite by email" open={errors !== null}>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="invite" />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          error={errors?.email}
          disabled={busy}
        />
        <Select
          label="Role"
          name="role"
          options={ROLE_OPTIONS}
          defaultValue="agent"
          disabled={busy}
        />
        <Button type="submit" disabled={busy}>
          {submitting ? "Sending..." : "Send invitation"}
        </Button>
      </Form>
    </FormPanel>
  );
}

export function CreateUserForm({ answer, busy, submitting }: FormProps) {
  const errors = refusedHere(answer, "create");
  const field = (name: string) => ({ name, error: errors?.[name], disabled: busy });
  return (
    <FormPanel title="Create a user" open={errors !== null}>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="create" />
        <TextField
          label="Username"
          autoComplete="off"
          autoCapitalize="none"
          required
          {...field("username")}
        />
        <TextField label="Name" autoComplete="off" required {...field("name")} />
        <TextField label="Email" type="email" autoComplete="off" required {...field("email")} />
        <Select
          label="Role"
          name="role"
          options={ROLE_OPTIONS}
          defaultValue="agent"
          disabled={busy}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters; not a common password, the username or the email"
          className="sm:col-span-2"
          {...field("password")}
        />
        <Button type="submit" disabled={busy} className="sm:col-span-2 sm:justify-self-start">
          {submitting ? "Creating..." : "Create user"}
        </Button>
      </Form>
    </FormPanel>
  );
}
