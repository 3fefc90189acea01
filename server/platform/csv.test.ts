import { describe, expect, it } from "vitest";
import { parseCsv, toCsv } from "./csv.ts";

describe("CSV", () => {
  it("quotes every value and doubles quotes inside, with CRLF between records", () => {
    const csv = toCsv(
      ["Name", "Note"],
      [
        ["Acme, Inc.", 'He said "hi"'],
        ["Line\nbreak", ""],
      ],
    );
    expect(csv).toBe('"Name","Note"\r\n"Acme, Inc.","He said ""hi"""\r\n"Line\nbreak",""\r\n');
  });

  it("reads back what it writes, commas, quotes and newlines included", () => {
    const rows = [["a,b", 'q"uote', "multi\nline"]];
    const table = parseCsv(toCsv(["X", "Y", "Z"], rows));
    expect(table).toEqual({
      headers: ["X", "Y", "Z"],
      rows: [{ X: "a,b", Y: 'q"uote', Z: "multi\nline" }],
    });
  });

  it("tolerates a byte-order mark and blank lines, and trims cells", () => {
    expect(parseCsv("\uFEFFA,B\r\n 1 , 2 \r\n\r\n")).toEqual({
      headers: ["A", "B"],
      rows: [{ A: "1", B: "2" }],
    });
  });

  it("refuses rows with the wrong number of cells", () => {
    expect(() => parseCsv("A,B\n1,2,3\n")).toThrow();
  });
});
