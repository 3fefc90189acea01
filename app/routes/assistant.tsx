import { useEffect, useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { Chat } from "#app/components/assistant/Chat.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { LockKeyhole } from "#app/components/ui/icons.ts";
import {
  ASSISTANT_GREETING,
  GATE_ASSISTANT_GREETING,
  gatePasswordSchema,
} from "#app/lib/schemas/assistant.ts";
import { GATE_COOKIE, gateIsOpen, unlockGate } from "#server/assistant/index.ts";
import { DEMO_ASSISTANT_GATE_PASSWORD } from "#server/platform/config.ts";
import { refusedAction } from "#server/web/answers.ts";
import { clientAddressContext, runtimeOf, servicesOf } from "#server/web/context.ts";
import { formFields, readForm } from "#server/web/forms.ts";
import { pageSession } from "#server/web/session.ts";
import type { Route } from "./+types/assistant";

export const meta: Route.MetaFunction = () => [{ title: "AI Sales Assistant | Carrierline" }];

/** How long 'Incorrect password' stays (spec section 9: 3000 ms). */
const GATE_ERROR_MS = 3_000;

function cookieOf(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name)
      return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

/**
 * The standalone assistant (decision 0025): a signed-in agent goes straight to the chat, with
 * their tools and history; anyone else needs the gate's signed cookie, and then gets the public
 * catalog only. The demo password is shown in demo mode alone, and only while it is the default.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = await runtimeOf(context);
  const ctx = await servicesOf(context);
  const { session } = await pageSession(runtime, request);
  if (session) return { access: "agent" as const, demoPassword: null };
  if (await gateIsOpen(ctx, cookieOf(request, GATE_COOKIE))) {
    return { access: "gate" as const, demoPassword: null };
  }
  const demo =
    ctx.config.demoMode && ctx.config.assistantGatePassword === DEMO_ASSISTANT_GATE_PASSWORD;
  return { access: "locked" as const, demoPassword: demo ? DEMO_ASSISTANT_GATE_PASSWORD : null };
}

/** The password: a correct one sets the gate's signed, httpOnly cookie and opens the chat. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = await servicesOf(context);
  const parsed = gatePasswordSchema.safeParse(formFields(await readForm(request)));
  const outcome = await unlockGate(ctx, {
    password: parsed.success ? parsed.data.password : "",
    clientAddress: context.get(clientAddressContext),
  });
  if (!outcome.ok) return refusedAction(outcome);
  const secure = ctx.config.baseUrl.startsWith("https:") ? "; Secure" : "";
  throw redirect("/assistant", {
    headers: {
      "Set-Cookie": `${GATE_COOKIE}=${encodeURIComponent(outcome.value.token)}; Path=/; Max-Age=${outcome.value.maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`,
    },
  });
}

export default function Assistant({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.access !== "locked") {
    return (
      <main className="flex h-dvh flex-col bg-slate-50 p-2 sm:p-4 dark:bg-slate-950">
        <Chat
          streamUrl={loaderData.access === "agent" ? "/api/chat/stream" : "/api/assistant/stream"}
          conversationId={null}
          messages={[]}
          greeting={loaderData.access === "agent" ? ASSISTANT_GREETING : GATE_ASSISTANT_GREETING}
          className="mx-auto h-full w-full max-w-4xl"
        />
      </main>
    );
  }
  return <Gate demoPassword={loaderData.demoPassword} refused={actionData ?? null} />;
}

function Gate({
  demoPassword,
  refused,
}: {
  demoPassword: string | null;
  refused: { message: string } | null;
}) {
  const navigation = useNavigation();
  const [shown, setShown] = useState(refused?.message ?? null);
  // Each refusal is a new answer object: the message shows again for each wrong attempt.
  useEffect(() => {
    setShown(refused?.message ?? null);
    if (!refused) return;
    const timer = setTimeout(() => setShown(null), GATE_ERROR_MS);
    return () => clearTimeout(timer);
  }, [refused]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 dark:bg-slate-950">
      <Form
        method="post"
        className="w-full max-w-sm space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-center gap-3">
          <span className="rounded-lg bg-brand-50 p-2 text-brand-600 dark:bg-brand-700/20 dark:text-brand-100">
            <Icon icon={LockKeyhole} />
          </span>
          <h1 className="text-xl font-bold">Secure Access</h1>
        </div>
        <label htmlFor="gate-password" className="block text-sm font-medium">
          Password
        </label>
        <input
          id="gate-password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:border-slate-700 dark:bg-slate-950"
        />
        {shown ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {shown}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={navigation.state !== "idle"}
          className={buttonClass("primary", "w-full")}
        >
          Enter
        </button>
        {demoPassword ? (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            Demo password: <code>{demoPassword}</code>
          </p>
        ) : null}
      </Form>
    </main>
  );
}
