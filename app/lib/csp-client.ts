/**
 * What the browser side needs to live under our CSP (decision 0013), run once when the document
 * shell loads (app/lib/nonce.tsx imports this module).
 *
 * - zod compiles object parsers with `new Function` when it may, and finds out by trying: under a
 *   CSP without 'unsafe-eval' that caught probe is still reported as a violation. Parsing
 *   without it costs nothing a person notices. zod reads its settings from this global object
 *   (created by whichever comes first, zod or this module), so the shell sets the flag without
 *   loading zod's core into pages whose scripts never parse anything (the landing page's budget).
 * - Radix dialogs lock the page's scroll with a <style> element they inject (react-remove-scroll
 *   through get-nonce), which our style-src blocks without the response's nonce. get-nonce reads
 *   it from `__webpack_nonce__`; scripts keep their nonce as a property (the attribute is hidden).
 */
import { CSP_NONCE_TIMING } from "./csp-nonce-timing.ts";

if (typeof document !== "undefined") {
  const zodConfig: unknown = Reflect.get(globalThis, "__zod_globalConfig");
  if (typeof zodConfig === "object" && zodConfig !== null) Reflect.set(zodConfig, "jitless", true);
  else Reflect.set(globalThis, "__zod_globalConfig", { jitless: true });
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || timingNonce();
  if (nonce) Reflect.set(globalThis, "__webpack_nonce__", nonce);
}

/**
 * A page from the public page cache has no nonce in its shared bytes; its response names one in
 * Server-Timing for the <style> elements added later (decision 0032).
 */
function timingNonce(): string | undefined {
  const [navigation] = performance.getEntriesByType("navigation");
  if (!(navigation instanceof PerformanceNavigationTiming)) return undefined;
  return navigation.serverTiming.find((t) => t.name === CSP_NONCE_TIMING)?.description;
}
