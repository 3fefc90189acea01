// Records the how-it-works hero clip from the running portal itself:
//   npm start            (demo mode, another shell)
//   node scripts/record-how-it-works.ts [http://localhost:3000]
// Needs Debian's chromium and ffmpeg. Writes public/media/how-it-works.webm and its poster.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";

const baseURL = process.argv[2] ?? "http://localhost:3000";
const outDir = join(import.meta.dirname, "..", "public", "media");
const work = mkdtempSync(join(tmpdir(), "how-it-works-"));
const SIZE = { width: 1280, height: 720 };

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
});
const context = await browser.newContext({ viewport: SIZE, colorScheme: "dark", baseURL });
const page = await context.newPage();

await page.goto("/login");
await page.getByLabel("Username").fill("demo");
await page.getByLabel("Password").fill("carrierline-demo");
await page.getByRole("button", { name: "Sign In" }).click();
await page.waitForURL(/\/dashboard$/);
await page.waitForLoadState("networkidle");

type Frame = { file: string; at: number };
const frames: Frame[] = [];
const cdp = await context.newCDPSession(page);
cdp.on("Page.screencastFrame", (event) => {
  const file = join(work, `frame-${String(frames.length).padStart(5, "0")}.jpg`);
  writeFileSync(file, Buffer.from(event.data, "base64"));
  frames.push({ file, at: event.metadata.timestamp ?? Date.now() / 1000 });
  void cdp.send("Page.screencastFrameAck", { sessionId: event.sessionId });
});
await cdp.send("Page.startScreencast", {
  format: "jpeg",
  quality: 85,
  maxWidth: SIZE.width,
  maxHeight: SIZE.height,
});

const pause = (ms: number) => page.waitForTimeout(ms);
async function typeSlowly(target: ReturnType<Page["getByPlaceholder"]>, text: string) {
  await target.click();
  await target.pressSequentially(text, { delay: 110 });
}

// The tour: dashboard, plans compared, certified devices searched, promotions filtered.
await pause(2500);
await page.getByRole("link", { name: "Plan Comparison" }).first().click();
await page.waitForURL(/\/plans/);
await pause(1500);
await typeSlowly(page.getByPlaceholder("Search plans..."), "unlimited");
await pause(2500);
await page.goto("/dashboard/devices");
await pause(1500);
await typeSlowly(page.getByPlaceholder("Search by manufacturer, model, technology..."), "galaxy");
await pause(3000);
await page.goto("/dashboard/promos");
await pause(3000);
await cdp.send("Page.stopScreencast");
await browser.close();

if (frames.length < 2) throw new Error("The screencast gave no frames.");
// The screencast sends a frame only when the screen changes: each one lasts until the next.
const list = frames
  .map((frame, i) => {
    const next = frames[i + 1]?.at ?? frame.at + 1;
    return `file '${frame.file}'\nduration ${Math.max(0.04, next - frame.at).toFixed(3)}`;
  })
  .join("\n");
const lastFrame = frames.at(-1);
writeFileSync(join(work, "frames.txt"), `${list}\nfile '${lastFrame?.file}'\n`);

const video = join(outDir, "how-it-works.webm");
execFileSync("ffmpeg", [
  "-y",
  "-loglevel",
  "error",
  "-f",
  "concat",
  "-safe",
  "0",
  "-i",
  join(work, "frames.txt"),
  "-vf",
  "fps=24,scale=1280:720:flags=lanczos,format=yuv420p",
  "-c:v",
  "libvpx-vp9",
  "-b:v",
  "0",
  "-crf",
  "45",
  "-row-mt",
  "1",
  "-an",
  video,
]);
// WebP at quality 60: 39 KB where a JPEG of the same frame was 71 KB. The poster is the page's
// largest paint, and it shares a phone's bandwidth with the page's scripts.
const poster = join(outDir, "how-it-works-poster.webp");
execFileSync("ffmpeg", [
  "-y",
  "-loglevel",
  "error",
  "-ss",
  "1",
  "-i",
  video,
  "-frames:v",
  "1",
  "-c:v",
  "libwebp",
  "-quality",
  "60",
  poster,
]);
rmSync(work, { recursive: true, force: true });
process.stdout.write(
  `${video}: ${(statSync(video).size / 1024).toFixed(0)} KiB; ${poster}: ${(statSync(poster).size / 1024).toFixed(0)} KiB\n`,
);
