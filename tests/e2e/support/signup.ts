import type { Page, Request } from "@playwright/test";

export const signupDialog = (page: Page) =>
  page.getByRole("dialog", { name: "Join the Carrierline beta" });

let counter = 0;
/** An address no other test uses, so repeat-email updates never blur what a test checks. */
export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;

export async function fillSignup(
  page: Page,
  values: { name?: string; email?: string; company?: string; phone?: string },
) {
  const dialog = signupDialog(page);
  if (values.name !== undefined) await dialog.getByLabel("Full Name").fill(values.name);
  if (values.email !== undefined) await dialog.getByLabel("Email").fill(values.email);
  if (values.company !== undefined) await dialog.getByLabel("Company").fill(values.company);
  if (values.phone !== undefined) await dialog.getByLabel("Phone (optional)").fill(values.phone);
}

export const isSignupPost = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname === "/api/waitlist";

/** Submits the open modal and returns the JSON body the browser sent. */
export async function submitSignup(page: Page): Promise<unknown> {
  const sent = page.waitForRequest(isSignupPost);
  await signupDialog(page).getByRole("button", { name: "Join the Waitlist" }).click();
  const body: unknown = (await sent).postDataJSON();
  return body;
}
