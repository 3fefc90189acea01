import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import type { AccountAnswer } from "#app/lib/schemas/account.ts";
import { Flash, Panel, SixDigitCodeField, useFlash } from "./controls.tsx";

/**
 * The sign-in phone: the verified number second-step codes can be texted to. Not the profile's
 * contact phone. Setting it: number (and password unless signed in within 15 minutes), then the
 * texted code.
 */
export function SignInPhonePanel({ signInPhone }: { signInPhone: string }) {
  const fetcher = useFetcher<AccountAnswer>({ key: "account-sign-in-phone" });
  const busy = fetcher.state !== "idle";
  const flash = useFlash(fetcher.data);
  const [number, setNumber] = useState("");
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const result = fetcher.data;
  useEffect(() => {
    if (!result?.ok) return;
    if (result.intent === "phone-send" && result.phoneNumber) setCodeSentTo(result.phoneNumber);
    if (result.intent === "phone-verify") {
      setCodeSentTo(null);
      setNumber("");
    }
  }, [result]);

  return (
    <Panel
      title="Sign-in phone (for codes)"
      description="A verified mobile number we can text a sign-in code to at the second step. Your contact phone above is separate."
    >
      <p className="mb-4 text-sm">
        {signInPhone ? (
          <>
            Verified: <span className="font-medium">{signInPhone}</span>
          </>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">No sign-in phone yet.</span>
        )}
      </p>
      {codeSentTo ? (
        <fetcher.Form method="post" action="/dashboard/account" className="space-y-4">
          <input type="hidden" name="intent" value="phone-verify" />
          <input type="hidden" name="phoneNumber" value={codeSentTo} />
          <SixDigitCodeField label={`Code texted to ${codeSentTo}`} disabled={busy} />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? "Verifying..." : "Verify"}
            </Button>
            <Button variant="ghost" onClick={() => setCodeSentTo(null)} disabled={busy}>
              Use another number
            </Button>
            <Flash result={flash} />
          </div>
        </fetcher.Form>
      ) : (
        <fetcher.Form method="post" action="/dashboard/account" className="space-y-4">
          <input type="hidden" name="intent" value="phone-send" />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={signInPhone ? "New sign-in phone" : "Sign-in phone"}
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              placeholder="+1 555 010 2040"
              value={number}
              onChange={(event) => setNumber(event.target.value)}
              required
              disabled={busy}
            />
            <TextField
              label="Your password"
              name="password"
              type="password"
              autoComplete="current-password"
              hint="Not needed if you signed in within the last 15 minutes."
              disabled={busy}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={busy || number.trim() === ""}>
              {busy ? "Sending..." : "Text me a code"}
            </Button>
            <Flash result={flash} />
          </div>
        </fetcher.Form>
      )}
    </Panel>
  );
}
