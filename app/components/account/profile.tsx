import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { onFirstUse, submitWhenLoaded } from "#app/lib/on-first-use.ts";
import type { AccountAnswer, AccountProfile } from "#app/lib/schemas/account.ts";
import { Flash, Panel, Switch, useFlash } from "./controls.tsx";
import { TwoFactorSetting } from "./two-factor.tsx";

// The form's browser check; the action applies the same schema again.
const profileCheck = onFirstUse(() =>
  import("#app/lib/schemas/account.ts").then((schemas) => schemas.profileSchema),
);

type Editable = "company" | "phone";
type Checked = { from: AccountAnswer | undefined; errors: Partial<Record<Editable, string>> };

/** Profile Information and Settings, saved together by Save Changes. */
export function ProfileForm({ profile }: { profile: AccountProfile }) {
  const fetcher = useFetcher<AccountAnswer>({ key: "account-profile" });
  const flash = useFlash(fetcher.data);
  const busy = fetcher.state !== "idle";
  // What the shared schema found in the browser, until the server's next answer replaces it.
  const [checked, setChecked] = useState<Checked>();
  const errors =
    checked && checked.from === fetcher.data ? checked.errors : (fetcher.data?.fieldErrors ?? {});
  const refused = Object.values(errors).some(Boolean);
  // Only these two fields change here; the rest of the profile is read-only.
  const edit = (name: Editable) => ({
    name,
    defaultValue: profile[name],
    disabled: busy,
    error: errors[name],
  });
  // The switches flip here and persist only on Save Changes (portal spec).
  const [notifications, setNotifications] = useState(profile.notificationsEnabled);
  return (
    <fetcher.Form
      method="post"
      className="space-y-6"
      noValidate
      onFocus={() => void profileCheck.load()}
      onSubmit={(event) =>
        submitWhenLoaded(profileCheck, event, (profileSchema) => {
          const form = event.currentTarget;
          const parsed = profileSchema.safeParse(Object.fromEntries(new FormData(form)));
          const found: Checked["errors"] = {};
          for (const issue of parsed.error?.issues ?? []) {
            const [name] = issue.path;
            if ((name === "company" || name === "phone") && !found[name])
              found[name] = issue.message;
          }
          setChecked({ from: fetcher.data, errors: found });
          const first = (["company", "phone"] as const).find((name) => found[name]);
          if (!first) return;
          // Nothing is sent; the keyboard goes to the field to fix, which reads out its error.
          event.preventDefault();
          const control = form.elements.namedItem(first);
          if (control instanceof HTMLElement) control.focus();
        })
      }
    >
      <input type="hidden" name="intent" value="profile" />
      <Panel title="Profile Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Username" name="username" value={profile.username} readOnly />
          <TextField label="Email" name="email" value={profile.email} readOnly />
          <TextField
            label="Role"
            name="role"
            value={profile.role}
            readOnly
            className="capitalize"
          />
          <TextField
            label="Company"
            maxLength={200}
            autoComplete="organization"
            {...edit("company")}
          />
          <TextField
            label="Phone"
            hint="A contact number; sign-in codes go to your sign-in phone below."
            type="tel"
            maxLength={40}
            autoComplete="tel"
            {...edit("phone")}
          />
        </div>
      </Panel>
      <Panel title="Settings">
        <div className="space-y-5">
          {/* The hidden field below carries the state, so an unticked box still sends "false". */}
          <Switch
            label="Notifications"
            description="Get notified in the portal when your deals move and quotes are saved."
            checked={notifications}
            onChange={setNotifications}
            disabled={busy}
          />
          <input
            type="hidden"
            name="notificationsEnabled"
            value={notifications ? "true" : "false"}
          />
          <TwoFactorSetting enabled={profile.twoFactorEnabled} />
        </div>
      </Panel>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save Changes"}
        </Button>
        {/* A refusal is shown under the field it is about, not again beside the button. */}
        {refused ? null : <Flash result={flash} />}
      </div>
    </fetcher.Form>
  );
}
