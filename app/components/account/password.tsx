import { useEffect, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { type AccountAnswer, passwordChangeSchema } from "#app/lib/schemas/account.ts";
import { Flash, Panel, SUCCESS_MESSAGE_MS, useFlash } from "./controls.tsx";

/** A changed password comes back as a redirect to ?password=updated (the session is renewed). */
const PASSWORD_UPDATED_RESULT: AccountAnswer = {
  intent: "password",
  ok: true,
  message: "Password updated successfully",
};

const EMPTY_PASSWORDS = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Change Password: the current one, and the new one twice. */
export function PasswordForm() {
  const fetcher = useFetcher<AccountAnswer>({ key: "account-password" });
  const [params, setParams] = useSearchParams();
  const updated = params.get("password") === "updated";
  const flash = useFlash(fetcher.data ?? (updated ? PASSWORD_UPDATED_RESULT : undefined));
  const busy = fetcher.state !== "idle";
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [problem, setProblem] = useState<string | undefined>(undefined);

  // A successful change comes back as ?password=updated: clear the fields, and the address
  // after the message's 3 s, so a reload does not announce it again.
  useEffect(() => {
    if (!updated) return;
    setValues(EMPTY_PASSWORDS);
    const timer = window.setTimeout(
      () => setParams({}, { replace: true, preventScrollReset: true }),
      SUCCESS_MESSAGE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [updated, setParams]);

  const empty = Object.values(values).some((value) => value === "");
  const field = (key: keyof typeof EMPTY_PASSWORDS, label: string, autoComplete: string) => (
    <TextField
      label={label}
      name={key}
      type="password"
      autoComplete={autoComplete}
      value={values[key]}
      onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
      disabled={busy}
    />
  );

  return (
    <Panel title="Change Password" description="Changing it signs you out on every other device.">
      <fetcher.Form
        method="post"
        className="space-y-4"
        onSubmit={(event) => {
          const checked = passwordChangeSchema.safeParse({ intent: "password", ...values });
          if (!checked.success) {
            event.preventDefault();
            setProblem(checked.error.issues[0]?.message);
          } else setProblem(undefined);
        }}
      >
        <input type="hidden" name="intent" value="password" />
        {field("currentPassword", "Current Password", "current-password")}
        <div className="grid gap-4 sm:grid-cols-2">
          {field("newPassword", "New Password", "new-password")}
          {field("confirmPassword", "Confirm New Password", "new-password")}
        </div>
        {problem ? <Flash result={{ intent: "password", ok: false, message: problem }} /> : null}
        {!problem ? <Flash result={flash} /> : null}
        <Button type="submit" disabled={empty || busy}>
          {busy ? "Updating Password..." : "Update Password"}
        </Button>
      </fetcher.Form>
    </Panel>
  );
}
