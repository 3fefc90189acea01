import { Form, useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { AccountAnswer, SessionView } from "#app/lib/schemas/account.ts";
import { Flash, Panel, useFlash } from "./controls.tsx";

/** Where the agent is signed in, with sign-out for one device, the others, or all. */
export function Sessions({ sessions }: { sessions: SessionView[] }) {
  const fetcher = useFetcher<AccountAnswer>({ key: "account-sessions" });
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
