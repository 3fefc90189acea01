import { gunzipSync, zstdDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressResponses } from "./compress.ts";

const PAGE = `<!DOCTYPE html><table>${"<tr><td>Acme</td><td>Phone</td></tr>".repeat(2_000)}</table>`;
const encoder = new TextEncoder();

/** A body written in many small chunks, as React writes a page, with a pause in the middle. */
function streamed(first: string, second: string, pause: Promise<void>) {
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      for (let i = 0; i < first.length; i += 500)
        controller.enqueue(encoder.encode(first.slice(i, i + 500)));
      await pause;
      controller.enqueue(encoder.encode(second));
      controller.close();
    },
  });
}

/**
 * A body that sends a first chunk, then fails, as a CSV export does when its query fails after
 * the header row: in the same turn of the event loop (an embedded database fails at once) or in
 * a later one (a query over the network), after more than one burst.
 */
function failing(when: "same turn" | "later") {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (when === "later") await new Promise((r) => setTimeout(r, 5));
      if (sent === (when === "later" ? 3 : 1)) throw new Error("the database went away");
      sent++;
      controller.enqueue(encoder.encode(PAGE.slice(0, 3_000)));
    },
  });
}

/** Two turns of the event loop, so that anything the failure scheduled has run. */
const settle = () => new Promise((r) => setTimeout(r, 20));

function app(release: Promise<void> = Promise.resolve()) {
  const a = new Hono();
  a.onError((_error, c) => c.text("failed", 500));
  a.use(compressResponses());
  a.get(
    "/page",
    () =>
      new Response(streamed(PAGE, "<p>late</p>", release), {
        headers: { "content-type": "text/html; charset=utf-8" },
      }),
  );
  for (const when of ["same turn", "later"] as const) {
    a.get(
      `/failing/${when.replace(" ", "-")}`,
      () => new Response(failing(when), { headers: { "content-type": "text/csv" } }),
    );
  }
  a.get("/small", (c) => c.json({ ok: true }));
  a.get("/json", (c) => {
    c.header("ETag", '"v1"');
    return c.json({ rows: PAGE.slice(0, 20_000) });
  });
  a.get(
    "/raw",
    () =>
      new Response(PAGE, {
        headers: { "content-type": "text/html", "cache-control": "no-transform" },
      }),
  );
  a.get(
    "/image",
    () => new Response(new Uint8Array(4096), { headers: { "content-type": "image/png" } }),
  );
  return a;
}

const get = (a: Hono, path: string, acceptEncoding?: string, method = "GET") =>
  a.request(path, { method, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("response compression", () => {
  it("sends zstd to browsers that take it, gzip to the others, the same page either way", async () => {
    const zstd = await get(app(), "/page", "gzip, deflate, br, zstd");
    expect(zstd.headers.get("content-encoding")).toBe("zstd");
    expect(zstd.headers.get("vary")).toBe("Accept-Encoding");
    const zstdBytes = Buffer.from(await zstd.arrayBuffer());
    expect(zstdDecompressSync(zstdBytes).toString()).toBe(`${PAGE}<p>late</p>`);
    expect(zstdBytes.length).toBeLessThan(PAGE.length / 10);

    const gzip = await get(app(), "/page", "gzip, deflate, br");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(`${PAGE}<p>late</p>`);
  });

  it("compresses a body that arrives whole in one go, and says how long it is", async () => {
    const res = await get(app(), "/json", "gzip");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("etag")).toBe('W/"v1"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(bytes.length));
    expect(JSON.parse(gunzipSync(bytes).toString())).toEqual({ rows: PAGE.slice(0, 20_000) });
  });

  it("passes on what is rendered before the page is finished", async () => {
    let release: () => void = () => undefined;
    const res = await get(app(new Promise((r) => (release = r))), "/page", "zstd");
    const reader = res.body?.getReader();
    if (!reader) throw new Error("no body");
    // The first burst arrives, compressed and flushed, while the rest is still being rendered.
    const first = await reader.read();
    expect(first.done).toBe(false);
    release();
    const rest: Uint8Array[] = first.value ? [first.value] : [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest.push(r.value);
    expect(zstdDecompressSync(Buffer.concat(rest)).toString()).toBe(`${PAGE}<p>late</p>`);
  });

  it("leaves alone what should not be compressed", async () => {
    const a = app();
    const plain = await get(a, "/page");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(await plain.text()).toBe(`${PAGE}<p>late</p>`);
    for (const path of ["/small", "/raw", "/image"]) {
      expect((await get(a, path, "zstd, gzip")).headers.get("content-encoding"), path).toBeNull();
    }
    expect((await get(a, "/page", "identity")).headers.get("content-encoding")).toBeNull();
    expect((await get(a, "/page", "zstd;q=0, gzip")).headers.get("content-encoding")).toBe("gzip");
  });

  // A failure part-way must fail the body (the response is then cut, see stream-guard.ts), and
  // nothing it leaves behind may throw later, out of every caller's reach: an uncaught
  // ERR_INVALID_STATE from a timer once ended the process.
  for (const when of ["same turn", "later"] as const) {
    for (const acceptEncoding of ["gzip", "br", "zstd", "identity", "gzip, deflate, br, zstd"]) {
      const compressed = !["identity", "br"].includes(acceptEncoding);
      it(`fails the body of a stream that fails ${when === "later" ? "later" : "in its first turn"} (${acceptEncoding})`, async () => {
        const res = await get(app(), `/failing/${when.replace(" ", "-")}`, acceptEncoding);
        if (when === "same turn" && compressed) {
          // Nothing had left yet (the first burst is read before the headers go): an error answer.
          expect(res.status).toBe(500);
        } else {
          expect(res.status).toBe(200);
          await expect(res.arrayBuffer()).rejects.toThrow("the database went away");
        }
        await settle();
      });
    }
  }
});
