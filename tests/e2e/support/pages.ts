import type { Page } from "@playwright/test";

/** The public site's own pages (its layout's routes), for checks that walk every one of them. */
export const SITE_PAGES = [
  "/",
  "/features",
  "/how-it-works",
  "/about",
  "/legal",
  "/join",
  "/docs/certified-devices",
] as const;

/** The platform administration screens the demo admin opens. */
export const ADMIN_PAGES = [
  "/dashboard/admin/users",
  "/dashboard/admin/waitlist",
  "/dashboard/admin/outbox",
] as const;

/** The address of the first item a list links to (a deal, a customer), for checks of its page. */
export async function firstItemHref(page: Page, list: string, pattern: RegExp): Promise<string> {
  await page.goto(list);
  const hrefs = await page
    .locator("main a[href]")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const href = hrefs.find((h) => pattern.test(h));
  if (!href) throw new Error(`no link to one item on ${list}`);
  return href;
}

export const DEAL_HREF = /^\/dashboard\/deals\/[0-9a-f-]{36}$/;
export const CUSTOMER_HREF = /^\/dashboard\/customers\/[0-9a-f-]{36}$/;
export const QUOTE_HREF = /^\/dashboard\/quotes\/[0-9a-f-]{36}$/;
export const BILL_ANALYSIS_HREF = /^\/dashboard\/bill-analyzer\/[0-9a-f-]{36}$/;
