import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

export type ClientRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  /**
   * The loopback address to connect from (127.0.0.2, 127.0.0.3…), so one test plays several
   * clients with real, different socket addresses; fetch cannot choose it.
   */
  from?: string;
  /** A certificate to trust for https (the test's self-signed one). */
  ca?: string;
};

/**
 * One request on a new connection, answered as a fetch Response (redirects are not followed).
 * Made with node:http(s) for what fetch lacks here: a chosen source address and a private CA.
 */
export function send(url: string, options: ClientRequest = {}): Promise<Response> {
  const target = new URL(url);
  const body =
    options.body instanceof URLSearchParams ? options.body.toString() : (options.body ?? null);
  const headers: Record<string, string> = { ...options.headers };
  if (options.body instanceof URLSearchParams) {
    headers["content-type"] ??= "application/x-www-form-urlencoded";
  }
  if (body !== null) headers["content-length"] = String(Buffer.byteLength(body));
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: options.method ?? (body === null ? "GET" : "POST"),
        headers,
        localAddress: options.from,
        ca: options.ca,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const one of Array.isArray(value) ? value : [value ?? ""]) {
              answer.append(name, one);
            }
          }
          const status = res.statusCode ?? 500;
          const content = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(content, { status, headers: answer }));
        });
      },
    );
    req.on("error", reject);
    req.end(body ?? undefined);
  });
}

/** The Cookie header a browser would send back after these answers (later ones win). */
export function cookieJar() {
  const jar = new Map<string, string>();
  return {
    take(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair = ""] = line.split(";");
        const at = pair.indexOf("=");
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        if (value === "" || /max-age=0\b/i.test(line)) jar.delete(name);
        else jar.set(name, value);
      }
    },
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
  };
}
