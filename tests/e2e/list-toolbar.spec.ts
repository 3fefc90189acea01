import { expect, test } from "@playwright/test";
import { hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

// The list toolbar by keyboard alone, on the certified devices directory: type a search (sent
// once, after the typing stops), choose a filter, remove its chip, and clear everything.

test("the list toolbar works by keyboard alone", async ({ page }) => {
  await resumeSession(page);
  await page.goto("/dashboard/devices");
  await hydrated(page);
  const searches: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/dashboard/devices") && url.searchParams.has("q"))
      searches.push(url.searchParams.get("q") ?? "");
  });

  const search = page.getByRole("searchbox", { name: "Search devices" });
  await search.focus();
  // 60 ms between keys is quicker than the 300 ms the search waits for.
  await page.keyboard.type("galaxy", { delay: 60 });
  await expect(page).toHaveURL(/[?&]q=galaxy(&|$)/);
  await expect(page.getByTestId("device-count")).toHaveText(/ matching "galaxy"/);
  expect(searches).toEqual(["galaxy"]);

  await page.keyboard.press("Tab");
  const carrier = page.getByLabel("Carrier");
  await expect(carrier).toBeFocused();
  // A closed select steps through its options with the arrow keys.
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/carrier=att/);
  const chips = page.getByRole("list", { name: "Active filters" });
  await expect(chips.getByRole("listitem")).toHaveText(["Carrier: AT&T"]);

  // Device type, Technology, Clear Filters, then the chip's remove button.
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Remove filter Carrier: AT&T" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(chips).toHaveCount(0);
  await expect(page).not.toHaveURL(/carrier=/);
  await expect(page).toHaveURL(/q=galaxy/);
  // The focus stays in the toolbar, on the control whose filter was removed.
  await expect(carrier).toBeFocused();

  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Device type")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/type=/);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const clear = page.getByRole("button", { name: "Clear Filters" });
  await expect(clear).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/\/dashboard\/devices$/);
  await expect(search).toHaveValue("");
  await expect(search).toBeFocused();
  await expect(clear).toBeDisabled();
  await expect(page.getByTestId("device-count")).toHaveText(/^Showing \d{3,} devices/);
});
