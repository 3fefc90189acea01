import { Server, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { ServerType } from "@hono/node-server";

/** Requests Node refuses before any handler sees them, by the parser's code. */
const STATUS_OF_CODE: Readonly<Record<string, number>> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/** How long a refused connection is kept to take in the rest of what the client sends. */
const DRAIN_MS = 5_000;

/**
 * Answers a request Node's parser refuses (a URL or headers past 16 KB, a malformed request line)
 * and closes the connection gently. Node's own answer destroys the socket right after writing,
 * so a client still sending the rest of its request (a long URL with a body) gets a reset,
 * EPIPE, and never reads the 431: seen from a browser, the page fails with no status at all.
 * Here the answer is followed by a half-close, the rest of the request is read and dropped, and
 * the socket goes once the client has read the answer and closed, or after DRAIN_MS.
 */
export function answerClientErrors(server: ServerType): void {
  if (!(server instanceof Server)) return;
  // Sockets answered and being drained: the parser reports each further chunk as another error.
  const draining = new WeakSet<Duplex>();
  server.on("clientError", (error: Error & { code?: string }, socket: Duplex) => {
    if (draining.has(socket)) return;
    // A response already under way on this connection cannot be followed by another.
    const responding = Reflect.get(socket, "_httpMessage") != null;
    if (error.code === "ECONNRESET" || !socket.writable || responding) {
      socket.destroy();
      return;
    }
    draining.add(socket);
    // The rest of the request is read and dropped, no longer parsed.
    socket.removeAllListeners("data");
    socket.on("data", () => undefined);
    const status = STATUS_OF_CODE[error.code ?? ""] ?? 400;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
    setTimeout(() => socket.destroy(), DRAIN_MS).unref();
  });
}
