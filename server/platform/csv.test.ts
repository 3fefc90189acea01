import { describe, expect, it } from "vitest";
import {
  CSV_MAX_COLUMNS,
  CsvRefusal,
  csvErrorMessage,
  csvRecords,
  neutraliseCell,
  parseCsv,
  toCsv,
} from "./csv.ts";

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

  it("refuses a file wider than the limit before parsing it, with a message for the uploader", () => {
    const wide = (n: number) =>
      `${Array.from({ length: n }, (_, i) => `h${i}`).join(",")}\n${"x,".repeat(n - 1)}x\n`;
    expect(parseCsv(wide(CSV_MAX_COLUMNS)).headers).toHaveLength(CSV_MAX_COLUMNS);
    // 200,000 columns held the process for 15 s in the parser and the column guessing.
    for (const n of [CSV_MAX_COLUMNS + 1, 200_000]) {
      let refusal: unknown;
      try {
        parseCsv(wide(n));
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(CsvRefusal);
      expect(csvErrorMessage(refusal)).toBe(
        "The file has more than 500 columns; an import takes at most 500.",
      );
    }
    // Commas inside a quoted header are not columns.
    const quoted = `"${"a,".repeat(CSV_MAX_COLUMNS)}",B\n1,2\n`;
    expect(parseCsv(quoted).headers).toHaveLength(2);
  });

  it("refuses a record that runs on past 131,072 characters, as an unclosed quote does", () => {
    const text = `A,B\n"open,${"y".repeat(200_000)}\n1,2\n`;
    expect(() => parseCsv(text)).toThrow(CsvRefusal);
    let message = "";
    try {
      parseCsv(text);
    } catch (error) {
      message = csvErrorMessage(error);
    }
    expect(message).toBe(
      "A record of the file runs past 131,072 characters; check that every quote is closed.",
    );
    expect(csvErrorMessage(new Error("Invalid Record Length"))).toBe(
      "The file is not valid CSV: Invalid Record Length",
    );
  });
});

describe("formula injection (OWASP CSV injection)", () => {
  it("prefixes a single quote to text that begins like a formula, and to nothing else", () => {
    for (const cell of ["=1+1", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx", "\uFF1D1+1"]) {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
    }
    for (const cell of ["Acme", "", "a=b", " =x", "'quoted", "100", "1-2"]) {
      expect(neutraliseCell(cell)).toBe(cell);
    }
  });

  it("keeps real numbers numbers, negative ones included; text that looks negative is text", () => {
    expect(neutraliseCell(-12.5)).toBe("-12.5");
    expect(neutraliseCell(0)).toBe("0");
    expect(neutraliseCell("-12.5")).toBe("'-12.5");
  });

  it("applies to every cell of every export, headers and streamed batches alike", () => {
    expect(toCsv(["=Name", "Count"], [['=HYPERLINK("http://x.example","y")', -3]])).toBe(
      '"\'=Name","Count"\r\n"\'=HYPERLINK(""http://x.example"",""y"")","-3"\r\n',
    );
    expect(csvRecords([["@cmd", 7]])).toBe('"\'@cmd","7"\r\n');
  });

  it("reads a neutralised cell back as typed, so an export re-imports unchanged", () => {
    const rows = [["=1+1", "-Plan", "'kept", "plain"]];
    expect(parseCsv(toCsv(["A", "B", "C", "D"], rows)).rows).toEqual([
      { A: "=1+1", B: "-Plan", C: "'kept", D: "plain" },
    ]);
  });
});
