import type { ComponentProps } from "react";
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
