import { NONCE, type secureHeaders } from "hono/secure-headers";

type Policy = NonNullable<
  NonNullable<Parameters<typeof secureHeaders>[0]>["contentSecurityPolicy"]
>;

/**
 * The Content-Security-Policy of every answer (decision 0013): inline scripts and <style>
 * elements run only with the response's nonce. Pages served from the public page cache swap the
 * nonce for the hashes of their own inline elements (public-page-cache.ts, decision 0032).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", NONCE],
  // <style> elements need the nonce; React's style={{}} props are attributes (decision 0013).
  styleSrc: ["'self'", NONCE],
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "blob:"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} satisfies Policy;

/** `scriptSrc` as the header spells it: `script-src`. */
const directiveName = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The policy with each directive's NONCE replaced by the sources given for that directive
 * (nothing when none are given): hashes, or a nonce of the caller's.
 */
export function policyWithout(
  nonceSources: Partial<Record<keyof typeof CONTENT_SECURITY_POLICY, readonly string[]>>,
): string {
  const replacements = new Map<string, readonly string[]>(Object.entries(nonceSources));
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([key, values]) => {
      const sources = values.flatMap((v): readonly string[] =>
        typeof v === "string" ? [v] : (replacements.get(key) ?? []),
      );
      return `${directiveName(key)} ${sources.join(" ")}`;
    })
    .join("; ");
}
