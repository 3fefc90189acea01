import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import type { AccountAnswer, AccountProfile } from "#app/lib/schemas/account.ts";
import { Flash, Panel, Switch, useFlash } from "./controls.tsx";
import { TwoFactorSetting } from "./two-factor.tsx";

/** Profile Information and Settings, saved together by Save Changes. */
export function ProfileForm({ profile }: { profile: AccountProfile }) {
  const fetcher = useFetcher<AccountAnswer>({ key: "account-profile" });
  const flash = useFlash(fetcher.data);
  const busy = fetcher.state !== "idle";
  // Only these two fields change here; the rest of the profile is read-only.
  const edit = (name: "company" | "phone") => ({
    name,
    defaultValue: profile[name],
    disabled: busy,
  });
  // The switches flip here and persist only on Save Changes (portal spec).
  const [notifications, setNotifications] = useState(profile.notificationsEnabled);
  return (
    <fetcher.Form method="post" className="space-y-6">
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
        <Flash result={flash} />
      </div>
    </fetcher.Form>
  );
}
