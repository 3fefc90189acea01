import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { cspNonceContext } from "#server/web/context.ts";
import { NonceProvider } from "./lib/nonce.tsx";

export const streamTimeout = 5_000;

/** The agent portal: every loader has finished before the render starts (decision 0035). */
const PORTAL = /^\/dashboard(?:\/|$)/;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(cspNonceContext);
  // Crawlers and no-JS clients get the whole document at once, and so does the portal, which has
  // nothing to stream: one body, compressed in one call and written in one go (decision 0035).
  // Browsers on the public site get it streamed.
  const whole =
    isbot(request.headers.get("user-agent") ?? "") ||
    routerContext.isSpaMode ||
    PORTAL.test(new URL(request.url).pathname);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const respond = (body: BodyInit) => {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
          if (whole) return;
          const body = new PassThrough();
          respond(createReadableStreamFromReadable(body));
          pipe(body);
        },
        onAllReady() {
          if (whole) pipe(collect((html) => respond(html)));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are reported by the error boundary; log only the unexpected ones.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/** A sink that hands over everything written to it, as one buffer, once it ends. */
function collect(done: (bytes: Uint8Array<ArrayBuffer>) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      done(new Uint8Array(Buffer.concat(chunks)));
      callback();
    },
  });
}
