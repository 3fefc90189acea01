/**
 * The first message of a failed check for each field it names (`"form"` for the whole form),
 * as a form shows them under its fields. Takes a schema's issues, so this module needs no zod.
 */
export function firstErrorPerField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<string, string>> {
  const found: Partial<Record<string, string>> = {};
  for (const issue of issues) found[String(issue.path[0] ?? "form")] ??= issue.message;
  return found;
}
