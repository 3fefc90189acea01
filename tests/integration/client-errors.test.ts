import { connect } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  createTestApp,
  createTestRuntime,
  startTestServer,
  type TestRuntime,
} from "./helpers/runtime.ts";

// A request Node's parser refuses (here a URL past its 16 KB of headers) must still be answered:
// a client that is still sending the rest of its request must read the 431, not a reset.

let rt: TestRuntime;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  rt = await createTestRuntime();
  server = await startTestServer(createTestApp(rt));
});

afterAll(async () => {
  await server.close();
  await rt.dispose();
});

/** Sends a request in two parts, the second after the server has refused the first. */
function sendInTwoParts(first: string, rest: string): Promise<{ answer: string; error?: string }> {
  const { port, hostname } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    let error: string | undefined;
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on("close", () => resolve(error === undefined ? { answer } : { answer, error }));
    socket.write(first);
    setTimeout(() => {
      if (!socket.destroyed) socket.write(rest);
      socket.end();
    }, 300);
  });
}

it("answers 431 to a URL past the header limit, while the client is still sending", async () => {
  const path = `/api/notifications/${"x".repeat(20_000)}`;
  // A body larger than the server reads at once: part of it is still unread when the server
  // refuses the headers, as with a browser's upload behind a long URL.
  const body = "y".repeat(300_000);
  const request = `DELETE ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
  const { answer, error } = await sendInTwoParts(request.slice(0, 200_000), request.slice(200_000));
  expect(error).toBeUndefined();
  expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
  expect(answer).toContain("Connection: close");
});

it("answers 400 to a request line that is not HTTP", async () => {
  const { answer, error } = await sendInTwoParts("NOT HTTP AT ALL\r\n\r\n", "more bytes");
  expect(error).toBeUndefined();
  expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
});
