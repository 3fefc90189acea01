/** Only same-site paths are followed after sign-in; anything else falls back (open-redirect guard). */
export function safeRedirect(to: string | null | undefined, fallback = "/dashboard"): string {
  if (!to?.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
