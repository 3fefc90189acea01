import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { zip } from "./zip.ts";

// Read back by Python's zipfile, a reader that is not ours: names, contents, CRCs and times.
function readWithPython(bytes: Uint8Array): { name: string; text: string; date: number[] }[] {
  const file = join(mkdtempSync(join(tmpdir(), "zip-test-")), "a.zip");
  writeFileSync(file, bytes);
  const script = [
    "import json, sys, zipfile",
    "z = zipfile.ZipFile(sys.argv[1])",
    "assert z.testzip() is None",
    "print(json.dumps([{'name': i.filename, 'text': z.read(i).decode('utf-8'), 'date': list(i.date_time)} for i in z.infolist()]))",
  ].join("\n");
  return JSON.parse(execFileSync("python3", ["-c", script, file], { encoding: "utf8" }));
}

describe("zip", () => {
  it("writes entries any ZIP reader lists and inflates, with their CRCs and the time given", () => {
    const large = "<row>cell</row>".repeat(20_000);
    const bytes = zip(
      [
        { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
        { name: "xl/worksheets/sheet1.xml", data: Buffer.from(large) },
        { name: "docs/café.txt", data: Buffer.from("東京") },
        { name: "empty.txt", data: new Uint8Array(0) },
      ],
      new Date("2026-11-30T13:45:58Z"),
    );
    // Deflated: the repeated rows take a small part of their 300 KB.
    expect(bytes.byteLength).toBeLessThan(10_000);
    expect(readWithPython(bytes)).toEqual([
      { name: "[Content_Types].xml", text: "<Types/>", date: [2026, 11, 30, 13, 45, 58] },
      { name: "xl/worksheets/sheet1.xml", text: large, date: [2026, 11, 30, 13, 45, 58] },
      { name: "docs/café.txt", text: "東京", date: [2026, 11, 30, 13, 45, 58] },
      { name: "empty.txt", text: "", date: [2026, 11, 30, 13, 45, 58] },
    ]);
  });

  it("answers bytes of their own, not a view into a shared buffer", () => {
    const bytes = zip([{ name: "a", data: Buffer.from("a") }], new Date());
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
  });
});
