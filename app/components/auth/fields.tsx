import type { ComponentProps } from "react";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";

type Props = Omit<ComponentProps<typeof TextField>, "label" | "name" | "type"> & {
  label?: string;
  name?: string;
};

/** The username of a sign-in form: typed as it is, never capitalised or spell-checked. */
export function UsernameField({ label = "Username", name = "username", ...props }: Props) {
  return (
    <TextField
      label={label}
      name={name}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}

/** A password of a sign-in form; say which with `autoComplete` (current- or new-password). */
export function PasswordField({ label = "Password", name = "password", ...props }: Props) {
  return <TextField label={label} name={name} type="password" required {...props} />;
}

/** The new-password fields of accepting an invitation and of resetting a password. */
const NEW_PASSWORD = {
  invite: {
    name: "password",
    label: "Password",
    confirmLabel: "Confirm password",
    hint: "At least 8 characters; not a common password, your username or your email",
  },
  reset: {
    name: "newPassword",
    label: "New password",
    confirmLabel: "Confirm new password",
    hint: "At least 8 characters; not a common password, nor your username or email.",
  },
} as const;

/** A new password typed twice (the second must match; the server says why a password is weak). */
export function NewPasswordFields(props: {
  of: keyof typeof NEW_PASSWORD;
  errors: { [field: string]: string | undefined } | undefined;
  disabled: boolean;
}) {
  const { name, label, confirmLabel, hint } = NEW_PASSWORD[props.of];
  const { errors, disabled } = props;
  return (
    <>
      <PasswordField
        label={label}
        name={name}
        autoComplete="new-password"
        hint={hint}
        error={errors?.[name]}
        disabled={disabled}
      />
      <PasswordField
        label={confirmLabel}
        name="confirmPassword"
        autoComplete="new-password"
        error={errors?.confirmPassword}
        disabled={disabled}
      />
    </>
  );
}

/** What the submit button of each sign-in form says, and says while the form is being sent. */
export const SUBMIT = {
  signIn: { label: "Sign In", busy: "Signing in..." },
  createAccount: { label: "Create account", busy: "Creating your account..." },
  sendCode: { label: "Send code", busy: "Sending code..." },
  sendResetLink: { label: "Send reset link", busy: "Sending link..." },
  setPassword: { label: "Set new password", busy: "Saving password..." },
} as const;

/** The end of a sign-in form: what went wrong with it, then its full-width submit button. */
export function FormEnd(props: {
  error: string | null | undefined;
  /** The form is being sent: the button says so. */
  busy: boolean;
  /** Disabled for another reason than being sent. */
  disabled?: boolean;
  submit: (typeof SUBMIT)[keyof typeof SUBMIT];
}) {
  return (
    <>
      {props.error ? <ErrorAlert className="py-2">{props.error}</ErrorAlert> : null}
      <Button
        type="submit"
        className="w-full py-2.5"
        disabled={props.busy || props.disabled === true}
      >
        {props.busy ? props.submit.busy : props.submit.label}
      </Button>
    </>
  );
}
