// Client JavaScript a page costs: every module the HTML loads or preloads, gzip-compressed.
//   node bench/client-js.ts [base URL, default http://localhost:3000] [paths…, default / /login]
// With CLIENT_JS_SIGN_IN=1 it signs in as the demo agent first (a DEMO_MODE server), for portal
// pages. With CLIENT_JS_DETAIL=1 it also lists each module's gzip size, largest first.
import { gzipBytes, pageScriptUrls } from "#tests/support/page-scripts.ts";
import { signInAsDemoAgent } from "./support.ts";

const [base = "http://localhost:3000", ...argPaths] = process.argv.slice(2);
const paths = argPaths.length > 0 ? argPaths : ["/", "/login"];
const cookie = process.env.CLIENT_JS_SIGN_IN ? await signInAsDemoAgent(base) : "";

async function moduleUrls(path: string): Promise<string[]> {
  return pageScriptUrls(await (await fetch(new URL(path, base), { headers: { cookie } })).text());
}

for (const path of paths) {
  let raw = 0;
  let gzip = 0;
  const urls = await moduleUrls(path);
  const detail: { url: string; gzip: number }[] = [];
  for (const url of urls) {
    const bytes = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
    const compressed = gzipBytes(bytes);
    raw += bytes.byteLength;
    gzip += compressed;
    detail.push({ url, gzip: compressed });
  }
  process.stdout.write(
    `${path}: ${urls.length} modules, ${(raw / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip (${gzip.toLocaleString("en")} bytes)\n`,
  );
  if (process.env.CLIENT_JS_DETAIL) {
    for (const { url, gzip: size } of detail.sort((a, b) => b.gzip - a.gzip))
      process.stdout.write(`  ${(size / 1024).toFixed(1).padStart(7)} KiB  ${url}\n`);
  }
}
