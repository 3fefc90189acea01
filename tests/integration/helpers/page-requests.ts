/**
 * A browser's two page requests against a test server, as a signed-in person (with their session
 * cookie) or a visitor (without): a document GET, and a form POST to a route's action. Redirects
 * are not followed, so a test sees where the server sends them.
 */
export function pageRequests(baseUrl: () => string) {
  return {
    get: (path: string, cookie?: string) =>
      fetch(`${baseUrl()}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" }),
    post: (path: string, fields: Record<string, string>, cookie?: string) =>
      fetch(`${baseUrl()}${path}`, {
        method: "POST",
        headers: cookie ? { cookie } : {},
        body: new URLSearchParams(fields),
        redirect: "manual",
      }),
  };
}
