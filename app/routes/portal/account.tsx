import { useEffect, useState } from "react";
import { data, Form, redirect, useFetcher, useSearchParams } from "react-router";
import {
  type ActionResult,
  Flash,
  Panel,
  SUCCESS_MESSAGE_MS,
  Switch,
  useFlash,
} from "#app/components/account/controls.tsx";
import { SignInPhonePanel } from "#app/components/account/sign-in-phone.tsx";
import { TwoFactorSetting } from "#app/components/account/two-factor.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { accountActionSchema, passwordChangeSchema } from "#app/lib/schemas/account.ts";
import {
  changePassword,
  getProfile,
  listSessions,
  revokeOtherSessions,
  revokeSessionById,
  updateProfile,
} from "#server/accounts/account.ts";
import { reauthenticate } from "#server/accounts/reauth.ts";
import { signOutScope } from "#server/accounts/session.ts";
import { sendSignInPhoneCode, verifySignInPhone } from "#server/accounts/sign-in-phone.ts";
import {
  confirmTotpEnrollment,
  disableTwoFactor,
  regenerateBackupCodes,
  startTotpEnrollment,
} from "#server/accounts/two-factor.ts";
import { portalOf, runtimeOf } from "#server/web/context.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "My Account | Carrierline" }];

const PASSWORD_UPDATED = "password=updated";
const PASSWORD_UPDATED_RESULT: ActionResult = {
  intent: "password",
  ok: true,
  message: "Password updated successfully",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = portalOf(context).ctx.user;
  const { database, auth } = await runtimeOf(context);
  const [profile, sessions] = await Promise.all([
    getProfile(database.db, user),
    listSessions(auth, request.headers),
  ]);
  if (!profile) throw data("Failed to load profile", { status: 500 });
  return { profile, sessions };
}

const answer = (result: ActionResult, init?: number | ResponseInit) => data(result, init);

export async function action({ request, context }: Route.ActionArgs) {
  const user = portalOf(context).ctx.user;
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  const intent = fields.intent ?? "";
  const parsed = accountActionSchema.safeParse(fields);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please check the form and try again.";
    return answer({ intent, ok: false, message }, 400);
  }
  const { database, auth } = await runtimeOf(context);
  const deps = { auth, db: database.db };
  const input = parsed.data;
  const refused = (message: string) => answer({ intent, ok: false, message }, 400);
  switch (input.intent) {
    case "profile": {
      const saved = await updateProfile(database.db, user, input);
      return saved
        ? answer({ intent, ok: true, message: "Profile updated successfully" })
        : answer({ intent, ok: false, message: "Failed to update profile" }, 500);
    }
    case "password": {
      // The current password is the reauthentication here (issue 6); counted like the others.
      const reauth = await reauthenticate(deps, request.headers, {
        password: input.currentPassword,
        passwordRequired: true,
      });
      if (!reauth.ok) return refused(reauth.message);
      const result = await changePassword(auth, request.headers, input);
      if (result.ok) {
        // The change replaces this session, so the page must be loaded again with the new cookie:
        // a redirect does that with or without the page's script.
        throw redirect(`/dashboard/account?${PASSWORD_UPDATED}`, { headers: result.headers });
      }
      if (result.reason === "weak")
        return answer({ intent, ok: false, message: result.message }, 400);
      return result.reason === "wrong-password"
        ? answer({ intent, ok: false, message: "Your current password is incorrect" }, 400)
        : answer({ intent, ok: false, message: "Failed to update password" }, 500);
    }
    case "revoke-session": {
      const ended = await revokeSessionById(auth, request.headers, input.sessionId);
      return ended
        ? answer({ intent, ok: true, message: "That device is signed out" })
        : answer({ intent, ok: false, message: "That session has already ended" }, 404);
    }
    case "revoke-others": {
      await revokeOtherSessions(auth, request.headers);
      return answer({ intent, ok: true, message: "Every other device is signed out" });
    }
    case "2fa-enable": {
      const started = await startTotpEnrollment(deps, user, request.headers, input.password);
      if (!started.ok) return refused(started.message);
      return answer({
        intent,
        ok: true,
        message: "Scan the code with your authenticator app",
        qrSvg: started.qrSvg,
        totpKey: started.key,
      });
    }
    case "2fa-confirm": {
      const done = await confirmTotpEnrollment(deps, user, request.headers, input.code);
      if (!done.ok) return refused(done.message);
      return answer(
        {
          intent,
          ok: true,
          message: "Two-factor authentication is on",
          backupCodes: done.backupCodes,
        },
        { headers: done.headers },
      );
    }
    case "2fa-disable": {
      const done = await disableTwoFactor(deps, user, request.headers, input);
      if (!done.ok) return refused(done.message);
      return answer(
        { intent, ok: true, message: "Two-factor authentication is off" },
        { headers: done.headers },
      );
    }
    case "2fa-backup-codes": {
      const done = await regenerateBackupCodes(deps, request.headers, input.password);
      if (!done.ok) return refused(done.message);
      return answer({
        intent,
        ok: true,
        message: "New backup codes made; the old ones no longer work",
        backupCodes: done.backupCodes,
      });
    }
    case "phone-send": {
      const sent = await sendSignInPhoneCode(deps, user, request.headers, input);
      if (!sent.ok) return refused(sent.message);
      return answer({
        intent,
        ok: true,
        message: `We texted a code to ${input.phoneNumber}`,
        phoneNumber: input.phoneNumber,
      });
    }
    case "phone-verify": {
      const verified = await verifySignInPhone(deps, request.headers, input);
      if (!verified.ok) return refused(verified.message);
      return answer({ intent, ok: true, message: "Sign-in phone verified" });
    }
    case "revoke-all": {
      // Every other session first, then this one, whose cookie the browser must also drop.
      await revokeOtherSessions(auth, request.headers);
      const { headers } = await signOutScope(await runtimeOf(context), request.headers, "local");
      throw redirect("/login", { headers });
    }
  }
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load profile" />;
}

function ProfileForm({ profile }: { profile: Route.ComponentProps["loaderData"]["profile"] }) {
  const fetcher = useFetcher<ActionResult>({ key: "account-profile" });
  const flash = useFlash(fetcher.data);
  const busy = fetcher.state !== "idle";
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
            name="company"
            defaultValue={profile.company}
            maxLength={200}
            autoComplete="organization"
            disabled={busy}
          />
          <TextField
            label="Phone"
            hint="A contact number; sign-in codes go to your sign-in phone below."
            name="phone"
            type="tel"
            defaultValue={profile.phone}
            maxLength={40}
            autoComplete="tel"
            disabled={busy}
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

const EMPTY_PASSWORDS = { currentPassword: "", newPassword: "", confirmPassword: "" };

function PasswordForm() {
  const fetcher = useFetcher<ActionResult>({ key: "account-password" });
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
  const set = (key: keyof typeof EMPTY_PASSWORDS) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

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
        <TextField
          label="Current Password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set("currentPassword")}
          disabled={busy}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="New Password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={set("newPassword")}
            disabled={busy}
          />
          <TextField
            label="Confirm New Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set("confirmPassword")}
            disabled={busy}
          />
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

function Sessions({ sessions }: { sessions: Route.ComponentProps["loaderData"]["sessions"] }) {
  const fetcher = useFetcher<ActionResult>({ key: "account-sessions" });
  const flash = useFlash(fetcher.data);
  const busy = fetcher.state !== "idle";
  const others = sessions.filter((session) => !session.current).length;
  return (
    <Panel
      title="Sessions"
      description="Where you are signed in. Sign out of any device you do not recognise."
    >
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-300">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {session.ipAddress ?? "Unknown address"} · last seen{" "}
                <LocalTime date={session.lastSeen} />
              </p>
            </div>
            {session.current ? null : (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="revoke-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  disabled={busy}
                  aria-label={`Sign out ${session.device} at ${session.ipAddress ?? "an unknown address"}`}
                >
                  Sign out
                </Button>
              </fetcher.Form>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="revoke-others" />
          <Button type="submit" variant="secondary" disabled={busy || others === 0}>
            Sign out other devices
          </Button>
        </fetcher.Form>
        <Form method="post">
          <input type="hidden" name="intent" value="revoke-all" />
          <Button type="submit" variant="secondary">
            Sign out everywhere
          </Button>
        </Form>
        <Flash result={flash} />
      </div>
    </Panel>
  );
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { profile, sessions } = loaderData;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <PageBar
        title="My Account"
        actions={
          <Form method="post" action="/logout">
            <button type="submit" className={buttonClass("secondary")}>
              Sign out
            </button>
          </Form>
        }
      />
      <div className="space-y-6">
        <ProfileForm profile={profile} />
        <SignInPhonePanel signInPhone={profile.signInPhone} />
        <PasswordForm />
        <Sessions sessions={sessions} />
      </div>
    </main>
  );
}
