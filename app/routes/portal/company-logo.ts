import { data } from "react-router";
import { openCompanyLogo } from "#server/accounts/index.ts";
import { userCtx } from "#server/web/context.ts";
import type { Route } from "./+types/company-logo";

/**
 * A company's proposal logo, for its own signed-in members (the settings preview, and the quote
 * page's later). Served as stored: its type was read from its bytes at upload, and nosniff keeps
 * a browser from reading it as anything else.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const opened = await openCompanyLogo(userCtx(context), params.companyId);
  if (!opened.ok) throw data(opened.message, { status: 404 });
  const { bytes, contentType } = opened.value;
  return new Response(bytes, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
