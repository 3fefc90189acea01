import { useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import type { UsersAnswer } from "#app/lib/schemas/users.ts";

/** A link made for the admin to pass on: shown this once, with Copy. */
export function ShownOnceLink({ link }: { link: NonNullable<UsersAnswer["link"]> }) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refusal): select the text for a manual copy instead.
      input.current?.select();
    }
  };
  const what = link.kind === "sign-in" ? "Sign-in link" : "Recovery link";
  return (
    <section
      aria-label={what}
      className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <p className="text-sm font-semibold">
        {what} for {link.username}
      </p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Shown only now and not emailed. It works once and expires in {link.expiresInMinutes}{" "}
        minutes; pass it on through a channel you trust.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          readOnly
          aria-label={what}
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
        />
        <Button variant="secondary" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </section>
  );
}
