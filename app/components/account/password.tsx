import { useEffect, useId, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { onFirstUse, submitWhenLoaded } from "#app/lib/on-first-use.ts";
import type { AccountAnswer } from "#app/lib/schemas/account.ts";
import { Flash, Panel, SUCCESS_MESSAGE_MS, useFlash } from "./controls.tsx";

// The form's browser check; the action applies the same schema again.
const passwordCheck = onFirstUse(() =>
  import("#app/lib/schemas/account.ts").then((schemas) => schemas.passwordChangeSchema),
);

/** A changed password comes back as a redirect to ?password=updated (the session is renewed). */
const PASSWORD_UPDATED_RESULT: AccountAnswer = {
  intent: "password",
  ok: true,
  message: "Password updated successfully",
};

const EMPTY_PASSWORDS = { currentPassword: "", newPassword: "", confirmPassword: "" };
type Passwords = typeof EMPTY_PASSWORDS;

/**
 * Why Update Password is not yet available: the fields still empty, in words, or null when all
 * are filled (the portal spec keeps the button disabled until then; this says so beside it).
 */
export function missingPasswordsHint(values: Passwords): string | null {
  const current = values.currentPassword === "";
  const fresh = values.newPassword === "";
  const again = values.confirmPassword === "";
  const newOnes =
    fresh && again
      ? "the new one twice"
      : fresh
        ? "the new password"
        : again
          ? "the new password again"
          : null;
  const parts = [current ? "your current password" : null, newOnes].filter(Boolean);
  if (parts.length === 0) return null;
  return `Enter ${parts.join(" and ")} to continue.`;
}

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

  const missing = missingPasswordsHint(values);
  const hintId = useId();
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
        onFocus={() => void passwordCheck.load()}
        onSubmit={(event) =>
          submitWhenLoaded(passwordCheck, event, (passwordChangeSchema) => {
            const checked = passwordChangeSchema.safeParse({ intent: "password", ...values });
            if (!checked.success) {
              event.preventDefault();
              setProblem(checked.error.issues[0]?.message);
            } else setProblem(undefined);
          })
        }
      >
        <input type="hidden" name="intent" value="password" />
        {field("currentPassword", "Current Password", "current-password")}
        <div className="grid gap-4 sm:grid-cols-2">
          {field("newPassword", "New Password", "new-password")}
          {field("confirmPassword", "Confirm New Password", "new-password")}
        </div>
        {problem ? <Flash result={{ intent: "password", ok: false, message: problem }} /> : null}
        {!problem ? <Flash result={flash} /> : null}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button
            type="submit"
            disabled={missing !== null || busy}
            aria-describedby={missing ? hintId : undefined}
          >
            {busy ? "Updating Password..." : "Update Password"}
          </Button>
          {missing ? (
            <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
              {missing}
            </p>
          ) : null}
        </div>
      </fetcher.Form>
    </Panel>
  );
}
