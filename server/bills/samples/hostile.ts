import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeflate, deflateSync } from "node:zlib";

/**
 * A scanned page: no text, one image that declares `side` × `side` gray pixels but carries a few
 * hundred packed bytes, so the packed-stream count lets it through and only rendering it for OCR
 * shows what it costs.
 */
export function pdfWithHugeImage(side: number): Uint8Array {
  const image = deflateSync(Buffer.alloc(1024, 0x80));
  const content = Buffer.from("q 612 0 0 792 0 0 cm /Im1 Do Q", "latin1");
  return pdfOf([
    ["<< /Type /Catalog /Pages 2 0 R >>"],
    ["<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
    [
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>",
    ],
    [`<< /Length ${content.byteLength} >>\nstream\n`, content, "\nendstream"],
    [
      `<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${image.byteLength} >>\nstream\n`,
      image,
      "\nendstream",
    ],
  ]);
}

/** Deflates `mb` MB of spaces a megabyte at a time, so the maker never holds them. */
async function packedSpaces(mb: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on("end", resolve);
    deflate.on("error", reject);
  });
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < mb; i += 1) {
    if (!deflate.write(spaces)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * A page whose content stream unpacks to `mb` MB of spaces, encrypted (AES-256, empty user
 * password) by qpdf, so its streams cannot be counted before pdf.js decrypts them. Null where
 * qpdf is not installed.
 */
export async function encryptedFlateBomb(mb: number): Promise<Uint8Array | null> {
  const content = await packedSpaces(mb);
  const plain = pdfOf([
    ["<< /Type /Catalog /Pages 2 0 R >>"],
    ["<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
    ["<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>"],
    [`<< /Length ${content.byteLength} /Filter /FlateDecode >>\nstream\n`, content, "\nendstream"],
  ]);
  const dir = mkdtempSync(join(tmpdir(), "bill-bomb-"));
  try {
    writeFileSync(join(dir, "plain.pdf"), plain);
    execFileSync("qpdf", ["--encrypt", "", "owner", "256", "--", "plain.pdf", "locked.pdf"], {
      cwd: dir,
      stdio: "ignore",
    });
    return new Uint8Array(readFileSync(join(dir, "locked.pdf")));
  } catch (error) {
    // Only a missing qpdf means "cannot be made here"; any other failure is the test's to report.
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return null;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PDF of these objects, numbered from 1 in order, the first the catalog. */
function pdfOf(objects: (string | Buffer)[][]): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n", "latin1")];
  const offsets: number[] = [];
  let length = parts[0]?.byteLength ?? 0;
  const add = (part: string | Buffer) => {
    const bytes = typeof part === "string" ? Buffer.from(part, "latin1") : part;
    parts.push(bytes);
    length += bytes.byteLength;
  };
  for (const [index, body] of objects.entries()) {
    offsets.push(length);
    add(`${index + 1} 0 obj\n`);
    for (const part of body) add(part);
    add("\nendobj\n");
  }
  const xref = length;
  add(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) add(`${String(offset).padStart(10, "0")} 00000 n \n`);
  add(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts));
}
