import { connect, type Socket } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { BLOG_POST_LIMITS } from "#app/lib/schemas/blog-post.ts";
import { CONTROL_CHARACTER_MESSAGE } from "#app/lib/schemas/text.ts";
import { BODY_LIMIT_BYTES } from "#server/http/edge.ts";
import { signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { dataUrl, pagesWithAction } from "./helpers/routes.ts";
import { TEST_BASE_URL } from "./helpers/runtime.ts";

// The request edge (server/http/edge.ts, decision 0013), over the whole app on a real socket.

// The demo admin is also a platform operator here, as in demo mode: the CSV imports, the
// waitlist (decision 0011) and the blog (decision 0043) below are theirs alone.
const world = setUpTestRuntime({
  demo: true,
  pages: true,
  env: { PLATFORM_OPERATORS: "admin@demowireless.example" },
});
let server: PageServer;
let admin: string;

beforeAll(async () => {
  server = world().pages;
  admin = await signInCookie(server.url, "admin", "carrierline-admin");
});

const NUL_REFUSED = "The request contains a character that is not allowed.";
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };
const JSON_TYPE = { "content-type": "application/json", origin: TEST_BASE_URL };

describe("NUL bytes are refused at the edge with 400", () => {
  it("in the path and the query", async () => {
    for (const path of ["/blog/%00", "/blog?q=%00", "/api/admin/users/%00/factors", "/x?%00=1"]) {
      const res = await fetch(`${server.url}${path}`, { headers: { cookie: admin } });
      expect(res.status, path).toBe(400);
    }
    const devices = await fetch(`${server.url}/api/devices.csv?q=%00`, {
      headers: { cookie: admin, "accept-encoding": "gzip" },
    });
    expect(devices.status).toBe(400);
  });

  it("in a JSON body, ours and the auth service's", async () => {
    const bodies: [string, unknown][] = [
      ["/api/auth/sign-in/username", { username: "de\u0000mo", password: "x" }],
      ["/api/auth/email-otp/send-verification-otp", { email: "a\u0000@b.co", type: "sign-in" }],
      ["/api/waitlist", { name: "A\u0000", email: "a@b.co", company: "C" }],
      ["/api/events", { name: "begin_waitlist_submission", source: ["x", { "k\u0000": 1 }] }],
    ];
    for (const [path, body] of bodies) {
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: JSON_TYPE,
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({ error: NUL_REFUSED });
    }
  });

  it("and half a character (a lone surrogate) in JSON, which no database can store", async () => {
    for (const message of ["\ud800", "a\udfffb"]) {
      const res = await fetch(`${server.url}/api/events`, {
        method: "POST",
        headers: JSON_TYPE,
        body: JSON.stringify({ name: "begin_waitlist_submission", message }),
      });
      expect(res.status, JSON.stringify(message)).toBe(400);
    }
  });

  it("in a url-encoded form and a multipart form's text fields", async () => {
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: FORM_TYPE,
      body: form({ username: "de\u0000mo", password: "x" }),
    });
    expect(login.status).toBe(400);
    expect(await login.text()).toBe(NUL_REFUSED);
    const multipart = new FormData();
    multipart.set("email", "a\u0000@b.co");
    const forgot = await fetch(`${server.url}/forgot-password`, {
      method: "POST",
      body: multipart,
    });
    expect(forgot.status).toBe(400);
    expect(await forgot.text()).toBe(NUL_REFUSED);
  });

  it("in a cookie, which the auth service would decode", async () => {
    const res = await fetch(`${server.url}/dashboard`, {
      headers: { cookie: "better-auth.session_token=ab%00cd.ef" },
      redirect: "manual",
    });
    expect(res.status).toBe(400);
  });

  it("but lets a file through as it is: binary uploads hold NUL bytes", async () => {
    const upload = new FormData();
    const csv = "Carrier,Plan,Plan Type,Price Per Line,Premium Data,Hotspot,Video Streaming\n";
    upload.set("file", new File([`${csv}att,Zero\u0000Plan,Unlimited,45,,,\n`], "plans.csv"));
    const res = await fetch(`${server.url}/dashboard/plans.data`, {
      method: "POST",
      headers: { cookie: admin },
      body: upload,
    });
    // The edge passed it on; the import's row schema refused the NUL with its own message.
    const body = await res.text();
    expect(body).not.toContain(NUL_REFUSED);
    expect(body).toContain(CONTROL_CHARACTER_MESSAGE);

    const pdf = new FormData();
    pdf.set("file", new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 0, 1, 2])], "a.pdf"));
    const binary = await fetch(`${server.url}/dashboard/devices.data`, {
      method: "POST",
      headers: { cookie: admin },
      body: pdf,
    });
    expect(binary.status).toBeLessThan(500);
    expect(await binary.text()).not.toContain(NUL_REFUSED);
  });
});

describe("a form action that gets no form answers 400, 405 or 415, never 500", () => {
  it("finds the pages with an action", () => {
    expect(pagesWithAction(server)).toEqual(
      expect.arrayContaining([
        "/login",
        "/dashboard/account",
        "/dashboard/plans",
        "/dashboard?index",
      ]),
    );
  });

  it("refuses JSON, text, broken multipart, no body and PUT, PATCH, DELETE on every one", async () => {
    for (const path of pagesWithAction(server)) {
      for (const data of [path, dataUrl(path)]) {
        const send = (init: RequestInit) =>
          fetch(`${server.url}${data}`, {
            redirect: "manual",
            ...init,
            headers: { cookie: admin, ...init.headers },
          });
        const json = await send({ method: "POST", headers: JSON_TYPE, body: "{}" });
        expect(json.status, `${data} JSON`).toBe(415);
        const text = await send({
          method: "POST",
          headers: { "content-type": "text/plain" },
          body: "x",
        });
        expect(text.status, `${data} text`).toBe(415);
        const broken = await send({
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=xyz" },
          body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
        });
        expect(broken.status, `${data} broken multipart`).toBe(400);
        const empty = await send({ method: "POST" });
        expect(empty.status, `${data} no body`).toBe(400);
        for (const method of ["PUT", "PATCH", "DELETE"]) {
          const res = await send({ method, headers: FORM_TYPE, body: "a=1" });
          expect(res.status, `${data} ${method}`).toBe(405);
          expect(res.headers.get("allow"), `${data} ${method}`).toBe("GET, HEAD, POST");
        }
      }
    }
  });

  it("says which methods a page without an action takes", async () => {
    for (const path of ["/about", "/dashboard", "/dashboard/promos", "/sitemap.xml"]) {
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { ...FORM_TYPE, cookie: admin },
        body: "a=1",
      });
      expect(res.status, path).toBe(405);
      expect(res.headers.get("allow"), path).toBe("GET, HEAD");
    }
  });

  it("answers a wrong method or type on the JSON API and the auth service with 405 or 415", async () => {
    const put = await fetch(`${server.url}/api/waitlist`, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("POST");
    const auth = await fetch(`${server.url}/api/auth/sign-in/username`, { method: "DELETE" });
    expect(auth.status).toBe(405);
    expect(auth.headers.get("allow")).toBe("GET, HEAD, POST");
    const notes = await fetch(`${server.url}/api/notifications/read-all`, {
      method: "PUT",
      headers: { cookie: admin },
    });
    expect(notes.status).toBe(405);
    for (const path of ["/api/waitlist", "/api/auth/sign-in/username", "/api/session/sign-out"]) {
      const form = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { ...FORM_TYPE, origin: TEST_BASE_URL, cookie: admin },
        body: "a=1",
      });
      expect(form.status, path).toBe(415);
      const broken = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { ...JSON_TYPE, cookie: admin },
        body: "{not json",
      });
      expect(broken.status, path).toBe(400);
    }
  });
});

describe("writes from other sites", () => {
  it("are refused with 403 when the browser says so, even without an Origin header", async () => {
    const crossSite = { "sec-fetch-site": "cross-site", cookie: admin };
    for (const path of ["/dashboard/customers/import", "/dashboard/account", "/logout"]) {
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...FORM_TYPE, ...crossSite },
        body: "a=1",
      });
      expect(res.status, path).toBe(403);
      expect(await res.text(), path).toBe("Requests from other sites are not allowed.");
    }
    const api = await fetch(`${server.url}/api/notifications/read-all`, {
      method: "POST",
      headers: { "content-type": "application/json", ...crossSite },
      body: "{}",
    });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: "Requests from other sites are not allowed." });
    // The same page, asked by the site itself or read from another: as before.
    const own = await fetch(`${server.url}/api/notifications/read-all`, {
      method: "POST",
      headers: { ...JSON_TYPE, "sec-fetch-site": "same-origin", cookie: admin },
      body: "{}",
    });
    expect(own.status).toBeLessThan(300);
    const read = await fetch(`${server.url}/dashboard`, { headers: crossSite, redirect: "manual" });
    expect(read.status).toBe(200);
  });

  it("are refused with 403 when they name another Origin, page or data request, signed in or not", async () => {
    // React Router answered these itself: 400 "Unexpected Server Error", with a stack trace
    // written to the console past the logger (the test setup fails a test that writes there).
    const writes: [string, string | undefined][] = [
      ["/dashboard/customers/new.data", admin],
      ["/dashboard/customers/new", admin],
      ["/login.data", undefined],
      ["/login", undefined],
    ];
    for (const [path, cookie] of writes) {
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...FORM_TYPE, origin: "https://evil.example", ...(cookie ? { cookie } : {}) },
        body: "companyName=X&username=x",
      });
      expect(res.status, path).toBe(403);
      expect(await res.text(), path).toBe("Requests from other sites are not allowed.");
    }
  });
});

describe("answers that depend on a session are never stored", () => {
  const signedIn = [
    "/dashboard",
    "/dashboard/account",
    "/dashboard/account.data",
    "/dashboard/admin/users",
    "/dashboard/admin/users.data",
    "/dashboard/admin/waitlist",
    "/dashboard/admin/outbox",
    "/dashboard/admin/outbox.data",
    "/api/session",
    "/api/notifications",
    "/api/auth/get-session",
    "/api/auth/list-sessions",
    "/blog",
    "/login",
  ];

  it("carries Cache-Control: no-store on every signed-in page, data request and API answer", async () => {
    for (const path of signedIn) {
      const res = await fetch(`${server.url}${path}`, {
        headers: { cookie: admin },
        redirect: "manual",
      });
      expect(res.status, path).toBeLessThan(400);
      expect(res.headers.get("cache-control"), path).toContain("no-store");
    }
  });

  it("keeps the sign-in answer and the portal's redirect out of caches too", async () => {
    const signIn = await fetch(`${server.url}/api/auth/sign-in/username`, {
      method: "POST",
      headers: JSON_TYPE,
      body: JSON.stringify({ username: "demo", password: "carrierline-demo" }),
    });
    expect(signIn.headers.get("cache-control")).toBe("no-store");
    const redirect = await fetch(`${server.url}/dashboard/account`, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("cache-control")).toBe("no-store");
  });

  it("lets a visitor's page vary with the cookie, and public files keep their caching", async () => {
    // A visitor's copy is public, for a CDN too (decision 0032), and varies with the cookie.
    const blog = await fetch(`${server.url}/blog`);
    expect(blog.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
    expect(blog.headers.get("vary")).toMatch(/\bCookie\b/);
    const signedIn = await fetch(`${server.url}/blog`, { headers: { cookie: admin } });
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
    const sitemap = await fetch(`${server.url}/sitemap.xml`, { headers: { cookie: admin } });
    expect(sitemap.headers.get("cache-control")).toBe("public, max-age=3600");
  });
});

/** One raw HTTP/1.1 exchange on a socket the test holds, to see what the server does with it. */
function rawSocket(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = "";
  let ended = false;
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    received += chunk;
  });
  const closed = new Promise<void>((resolve) => {
    socket.on("close", () => {
      ended = true;
      resolve();
    });
  });
  socket.on("error", () => undefined);
  return {
    socket,
    closed,
    get received() {
      return received;
    },
    get ended() {
      return ended;
    },
    async until(pattern: RegExp, ms = 5_000) {
      const started = Date.now();
      while (!pattern.test(received)) {
        if (ended || Date.now() - started > ms) throw new Error(`no ${pattern} in: ${received}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

const write = (socket: Socket, data: string | Uint8Array) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) resolve();
    else socket.write(data, () => resolve());
  });

describe("one body limit for every route", () => {
  it("answers 413 to a 1 MB email on the auth service, and to an oversized form", async () => {
    const email = `${"a".repeat(BODY_LIMIT_BYTES)}@example.com`;
    const auth = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: JSON_TYPE,
      body: JSON.stringify({ email, password: "x" }),
    });
    expect(auth.status).toBe(413);
    expect(auth.headers.get("connection")).toBe("close");
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: FORM_TYPE,
      body: form({ username: "x".repeat(BODY_LIMIT_BYTES), password: "x" }),
    });
    expect(login.status).toBe(413);
  });

  it("takes the largest post the blog allows under the same limit", async () => {
    const longest = {
      title: "字".repeat(BLOG_POST_LIMITS.title),
      excerpt: "字".repeat(BLOG_POST_LIMITS.excerpt),
      content: "字".repeat(BLOG_POST_LIMITS.content),
      author: "字".repeat(BLOG_POST_LIMITS.author),
      readTime: "5",
    };
    const body = form(longest);
    expect(body.length).toBeLessThan(BODY_LIMIT_BYTES);
    const res = await fetch(`${server.url}/blog/new`, {
      method: "POST",
      headers: { ...FORM_TYPE, cookie: admin },
      body,
      redirect: "manual",
    });
    // Published, not merely let through the edge: a refusal would also be "not 413".
    expect(res.status).toBe(302);
  });

  it("gives the CSV import screens a larger limit of their own", async () => {
    const upload = new FormData();
    upload.set("file", new File(["x".repeat(2 * BODY_LIMIT_BYTES)], "devices.csv"));
    const res = await fetch(`${server.url}/dashboard/devices.data`, {
      method: "POST",
      headers: { cookie: admin },
      body: upload,
    });
    expect(res.status).not.toBe(413);
    expect(res.status).toBeLessThan(500);
  });

  it("closes the connection after a 413, and a new connection works", async () => {
    const raw = rawSocket(server.url);
    const size = 30 * 1024 * 1024;
    await write(
      raw.socket,
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
    );
    await write(raw.socket, `{"email":"${"a".repeat(64 * 1024)}`);
    await raw.until(/^HTTP\/1\.1 413 /);
    expect(raw.received).toMatch(/\r\nconnection: close\r\n/i);
    // The server ends the connection instead of reading 30 MB as the next request.
    await Promise.race([raw.closed, new Promise((r) => setTimeout(r, 3_000))]);
    expect(raw.ended).toBe(true);

    const next = rawSocket(server.url);
    await write(next.socket, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await next.until(/^HTTP\/1\.1 200 /);
    next.socket.destroy();
  });

  it("closes the connection after a chunked body that grows past the limit", async () => {
    const raw = rawSocket(server.url);
    await write(
      raw.socket,
      "POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
        "Transfer-Encoding: chunked\r\n\r\n",
    );
    const chunk = "a".repeat(256 * 1024);
    for (let i = 0; i < 6 && !raw.ended && !/413/.test(raw.received); i++) {
      await write(raw.socket, `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    }
    await raw.until(/^HTTP\/1\.1 413 /);
    await Promise.race([raw.closed, new Promise((r) => setTimeout(r, 3_000))]);
    expect(raw.ended).toBe(true);
  });
});

describe("browser features and styles", () => {
  it("denies the device features no screen uses, and inline styles without the nonce", async () => {
    const res = await fetch(`${server.url}/`);
    const policy = res.headers.get("permissions-policy") ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
      expect(policy).toContain(`${feature}=()`);
    }
    const csp = res.headers.get("content-security-policy") ?? "";
    const styleSrc = csp.match(/style-src ([^;]*)/)?.[1] ?? "";
    expect(styleSrc).not.toContain("'unsafe-inline'");
    expect(styleSrc).toMatch(/'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
  });
});

describe("a finished render leaves nothing behind", () => {
  // Issue 19's stall under load: each page's render used to keep a six-second abort timer, and
  // with it the whole finished render, alive; hundreds of pages a second made a heap of them.
  it("keeps no timer per page once the page is sent", async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const pages = 12;
    // One page first, so that timers started once per process (caches, sweeps) already run.
    await (await fetch(`${server.url}/dashboard`, { headers: { cookie: admin } })).text();
    const before = timers();
    for (let i = 0; i < pages; i++) {
      // Signed in, so the public page cache does not answer instead of a render.
      const res = await fetch(`${server.url}/dashboard/plans?page=${i + 1}`, {
        headers: { cookie: admin },
      });
      expect(res.status).toBe(200);
      await res.text();
    }
    expect(timers() - before).toBeLessThan(pages / 2);
  });
});
