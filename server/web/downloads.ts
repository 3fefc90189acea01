/**
 * A file made for one signed-in person, as a download: never cached, never sniffed into a page.
 * The file name must be ASCII without quotes (the services build it so).
 */
export function downloadResponse(
  file: { fileName: string; bytes: Uint8Array<ArrayBuffer> },
  contentType: string,
): Response {
  return new Response(file.bytes, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
