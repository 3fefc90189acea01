import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BillReadError, readBill } from "#server/bills/index.ts";
import { SAMPLE_BILLS, sampleBill } from "#server/bills/samples/index.ts";
import { unpacksBeyond } from "./pdf-unpacked.ts";

const MB = 1024 * 1024;

/** A one-page PDF whose page draws nothing, with these streams as objects of its own. */
function pdfWithStreams(streams: { dictionary: string; data: Uint8Array }[]): Uint8Array {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const add = (part: Buffer | string) => {
    const bytes = typeof part === "string" ? Buffer.from(part, "latin1") : part;
    parts.push(bytes);
    length += bytes.byteLength;
  };
  const object = (body: () => void) => {
    offsets.push(length);
    add(`${offsets.length} 0 obj\n`);
    body();
    add("\nendobj\n");
  };
  add("%PDF-1.7\n");
  object(() => add("<< /Type /Catalog /Pages 2 0 R >>"));
  object(() => add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"));
  object(() => add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"));
  for (const stream of streams) {
    object(() => {
      add(`${stream.dictionary.replace("LENGTH", String(stream.data.byteLength))}\nstream\n`);
      add(Buffer.from(stream.data));
      add("\nendstream");
    });
  }
  const xref = length;
  add(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) add(`${String(offset).padStart(10, "0")} 00000 n \n`);
  add(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts));
}

/** ASCII85 of the bytes (PDF 32000 §7.4.3), without the closing `~>`. */
function toAscii85(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 4) {
    const chunk = [...bytes.subarray(i, i + 4)];
    const count = chunk.length;
    while (chunk.length < 4) chunk.push(0);
    let value =
      ((chunk[0] ?? 0) * 2 ** 24 +
        ((chunk[1] ?? 0) << 16) +
        ((chunk[2] ?? 0) << 8) +
        (chunk[3] ?? 0)) >>>
      0;
    if (count === 4 && value === 0) {
      out += "z";
      continue;
    }
    const digits: string[] = [];
    for (let d = 0; d < 5; d += 1) {
      digits.unshift(String.fromCharCode((value % 85) + 33));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, count + 1).join("");
  }
  return out;
}

const flate = (bytes: number) => ({
  dictionary: "<< /Length LENGTH /Filter /FlateDecode >>",
  data: deflateSync(Buffer.alloc(bytes, 32), { level: 9 }),
});

describe("a PDF's packed streams, counted before pdf.js unpacks them", () => {
  it("counts every Flate stream together, and stops at the limit", async () => {
    const pdf = pdfWithStreams([flate(0.6 * MB), flate(0.6 * MB)]);
    expect(pdf.byteLength).toBeLessThan(10_000);
    expect(await unpacksBeyond(pdf, 1 * MB)).toBe(true);
    expect(await unpacksBeyond(pdf, 2 * MB)).toBe(false);
  });

  it("finds the filter wherever the dictionary names it, nested dictionaries and arrays too", async () => {
    const data = deflateSync(Buffer.alloc(2 * MB, 32));
    for (const dictionary of [
      "<< /Filter /FlateDecode /DecodeParms << /Columns 1 >> /Length LENGTH >>",
      "<< /Length LENGTH /DecodeParms << /Columns 1 >> /Filter [/FlateDecode] >>",
    ]) {
      expect(await unpacksBeyond(pdfWithStreams([{ dictionary, data }]), 1 * MB)).toBe(true);
    }
  });

  it("counts nothing for a stream that is not Flate, or whose data is damaged", async () => {
    const plain = { dictionary: "<< /Length LENGTH >>", data: Buffer.alloc(2 * MB, 32) };
    const damaged = {
      dictionary: "<< /Length LENGTH /Filter /FlateDecode >>",
      data: Buffer.from("not deflate at all, endstream inside is skipped"),
    };
    expect(await unpacksBeyond(pdfWithStreams([plain, damaged]), 1 * MB)).toBe(false);
  });

  it("undoes the filters as pdf.js would: text encodings, layers of Flate, short and escaped names", async () => {
    const spaces = (bytes: number) => deflateSync(Buffer.alloc(bytes, 32), { level: 9 });
    const packed = spaces(2 * MB);
    const hex = Buffer.from(`${packed.toString("hex")}>`);
    const ascii85 = Buffer.from(`${toAscii85(packed)}~>`);
    const twice = deflateSync(packed, { level: 9 });
    for (const [dictionary, data] of [
      ["<< /Length LENGTH /Filter [/ASCIIHexDecode /FlateDecode] >>", hex],
      ["<< /Length LENGTH /Filter [/A85 /Fl] >>", ascii85],
      ["<< /Length LENGTH /Filter [/FlateDecode /FlateDecode] >>", twice],
      ["<< /Length LENGTH /Filter /Fl >>", packed],
      ["<< /Length LENGTH /Filter /Fl#61teDecode >>", packed],
      // A dictionary far longer than the few hundred bytes a real one has, with "endobj" in it.
      [`<< /Filter /FlateDecode /Note (endobj ${"x".repeat(100_000)}) /Length LENGTH >>`, packed],
      // A string that looks like another filter does not hide the real one.
      ["<< /Filter /FlateDecode /Note (/Filter /DCTDecode 1 0 obj) /Length LENGTH >>", packed],
      // Behind LZW, whose output we do not unpack, Flate counts at its worst growth.
      ["<< /Length LENGTH /Filter [/LZWDecode /FlateDecode] >>", Buffer.alloc(100)],
    ] as const) {
      expect(await unpacksBeyond(pdfWithStreams([{ dictionary, data }]), 1 * MB), dictionary).toBe(
        true,
      );
    }
    expect(
      await unpacksBeyond(
        pdfWithStreams([{ dictionary: "<< /Length LENGTH /Filter /A85 >>", data: ascii85 }]),
        1 * MB,
      ),
    ).toBe(false);
  });

  it("reads a stream's data by its /Length, whatever the bytes inside say", async () => {
    // An uncompressed stream holding the word "endstream", then a packed one: found by /Length.
    const pdf = pdfWithStreams([
      { dictionary: "<< /Length LENGTH >>", data: Buffer.from("BT (endstream) Tj ET") },
      flate(2 * MB),
    ]);
    expect(await unpacksBeyond(pdf, 1 * MB)).toBe(true);
  });

  it("refuses a file of more streams than any bill has, quickly", async () => {
    const tiny = {
      dictionary: "<< /Length LENGTH /Filter /FlateDecode >>",
      data: deflateSync("x"),
    };
    const pdf = pdfWithStreams(Array.from({ length: 50_001 }, () => tiny));
    const started = Date.now();
    expect(await unpacksBeyond(pdf)).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
    // Building 50,000 streams takes a while on a loaded machine; the bound above is what counts.
  }, 30_000);

  it("lets a real bill through: its streams unpack to a few hundred KB", async () => {
    const att = SAMPLE_BILLS.find((sample) => sample.name === "att");
    if (!att) throw new Error("no AT&T sample");
    const { pdf } = await sampleBill(att);
    expect(await unpacksBeyond(pdf)).toBe(false);
    expect(await unpacksBeyond(pdf, 4 * 1024)).toBe(true);
  });

  it("refuses a PDF bomb in words, quickly, before pdf.js reads it", async () => {
    // 300 KB of file, 300 MB of spaces unpacked: pdf.js would hold all of it in memory.
    const bomb = pdfWithStreams([flate(300 * MB)]);
    expect(bomb.byteLength).toBeLessThan(400_000);
    const started = Date.now();
    const error = await readBill(bomb).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BillReadError);
    expect(error).toMatchObject({
      failure: "pdf_too_large",
      message:
        "The PDF unpacks to more than 256 MB, far more than a bill holds. Upload only the bill's pages.",
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    // Deflating 300 MB to build the bomb is most of this test's time; the bound above is what counts.
  }, 30_000);
});
