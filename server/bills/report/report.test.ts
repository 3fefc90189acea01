import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, describe, expect, it } from "vitest";
import { analyzeBill } from "#server/bills/analyze.ts";
import { type Bill, readWhole } from "#server/bills/bill.ts";
import { PROJECT_ROOT } from "#server/platform/paths.ts";
import { reportFileName } from "./lines.ts";
import { type BillReportView, renderBillReportPdf } from "./pdf.ts";
import { renderBillLinesWorkbook } from "./xlsx.ts";

// The exports read back as their readers see them: the PDF through poppler, the workbook through
// exceljs (typed cells, not text).

const truth = (name: string): Bill =>
  JSON.parse(readFileSync(join(PROJECT_ROOT, "tests/fixtures/bills", `${name}.json`), "utf8"));
const resultOf = (name: string) => analyzeBill(readWhole(truth(name)));

const dir = mkdtempSync(join(tmpdir(), "bill-report-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pagesOf(bytes: Uint8Array): string[] {
  const path = join(dir, `report-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, bytes);
  return execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" })
    .split("\f")
    .filter((page) => page.trim() !== "");
}

const view = (result = resultOf("att")): BillReportView => ({
  reseller: { name: "Northwind Wireless", brandColor: "#2563eb" },
  subject: "Café Zürich Łódź",
  fileName: "att-bill.pdf",
  analysedOn: "2026-11-24",
  result,
  readSource: "text",
});

describe("renderBillReportPdf", () => {
  it("prints the totals, savings, departments, findings and every line", async () => {
    const result = resultOf("att");
    const pages = pagesOf(await renderBillReportPdf(view(result)));
    const text = pages.join("\n");
    expect(text).toContain("Bill analysis: Café Zürich Łódź");
    expect(text).toContain("AT&T bill");
    for (const heading of [
      "Monthly bill",
      "Due date",
      "Data used",
      "Annual savings",
      "Savings and competitive analysis",
      "Cost by department",
      "Line inventory",
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain(
      `$${result.totalMonthlyBill.toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
    );
    for (const department of Object.keys(result.departmentBreakdown)) {
      expect(text).toContain(department);
    }
    for (const line of result.lines) expect(text).toContain(line.phoneNumber);
    expect(text).toContain(result.businessMetrics.complianceStatus.issues[0]?.slice(0, 30));
    expect(text).toContain(`Page 1 of ${pages.length}`);
  });

  it("never splits a word or a figure in the line table", async () => {
    const pages = pagesOf(await renderBillReportPdf(view(resultOf("att"))));
    const inventory = pages.find((page) => page.includes("Line inventory")) ?? "";
    // att.pdf: the watch line's type, and the totals (plans $590.00, 277.85 GB) on one line each.
    expect(inventory).toMatch(/\(512\) 555-\d{4}\s+\S.*\bWearable\b/);
    expect(inventory).toMatch(/16 lines\s+\$590\.00\s+277\.85\n/);
    // Wider than any column was drawn for: printed smaller, still whole.
    const base = resultOf("att");
    const wide = base.lines.map((line) => ({
      ...line,
      planCost: 1234.56,
      dataUsageGB: 123.45,
      equipment: { deviceName: "Galaxy", monthlyPayment: 1234.56, remainingBalance: 12345.67 },
    }));
    const big = pagesOf(await renderBillReportPdf(view({ ...base, lines: wide })))
      .filter((page) => page.includes("(512) 555-"))
      .join("\n");
    expect(big).toMatch(/16 lines\s+\$19,752\.96\s+277\.85\n/);
    expect(
      big.match(/\$1,234\.56\s+123\.45\s+Galaxy\s+\$1,234\.56\s+\$12,345\.67\n/g),
    ).toHaveLength(16);
  });

  it("repeats the line table's header on every page it runs onto", async () => {
    const base = resultOf("verizon");
    const many = Array.from({ length: 120 }, (_, i) => ({
      ...(base.lines[i % base.lines.length] ?? base.lines[0]),
      phoneNumber: `(212) 555-${String(1000 + i)}`,
    })) as typeof base.lines;
    const pages = pagesOf(await renderBillReportPdf(view({ ...base, lines: many })));
    const withLines = pages.filter((page) => page.includes("(212) 555-1"));
    expect(withLines.length).toBeGreaterThan(2);
    for (const page of withLines)
      expect(page).toMatch(
        /Number\s+User \/\s+Type\s+Plan\s+Plan cost\s+Data\s+Device\s+Installment\s+Balance/,
      );
    expect(pages.join("\n")).toContain("(212) 555-1119");
    expect(pages.join("\n")).toContain("120 lines");
  });
});

describe("a bill read by OCR", () => {
  const SCAN =
    "Read from a scanned image. Text recognition can misread a name or a figure. Check names and figures against the bill before you quote them.";
  const PARTLY =
    "Partly read from a scanned image. Some pages were scanned, and text recognition can misread a name or a figure on them. Check names and figures against the bill before you quote them.";
  const textOf = async (readSource: BillReportView["readSource"]) =>
    pagesOf(await renderBillReportPdf({ ...view(resultOf("generic")), readSource }))
      .join("\n")
      .replace(/\s+/g, " ");

  it("says so on the report's first page, before any figure; a text bill's report does not", async () => {
    const scan = await textOf("ocr");
    expect(scan).toContain(SCAN);
    expect(scan.indexOf(SCAN)).toBeLessThan(scan.indexOf("Monthly bill"));
    expect(await textOf("mixed")).toContain(PARTLY);
    for (const source of ["text", null] as const) {
      expect(await textOf(source)).not.toContain("scanned image");
    }
  });

  it("says so above the header of each sheet of the workbook", async () => {
    const book = async (readSource: BillReportView["readSource"]) => {
      const workbook = new ExcelJS.Workbook();
      const bytes = await renderBillLinesWorkbook(resultOf("generic"), {
        subject: "Acme",
        fileName: "scan.png",
        readSource,
      });
      await workbook.xlsx.load(bytes.buffer);
      return workbook;
    };
    const scanned = await book("ocr");
    for (const name of ["Lines", "Summary"]) {
      const sheet = scanned.getWorksheet(name);
      expect(sheet?.getRow(1).getCell(1).value).toBe("Read from a scanned image");
      expect(sheet?.getRow(2).getCell(1).value).toBe(
        "Text recognition can misread a name or a figure. Check names and figures against the bill before you quote them.",
      );
      // The header below it stays in view and keeps its filter.
      expect(sheet?.getRow(4).getCell(1).value).toBe(name === "Lines" ? "Number" : "Figure");
      expect(sheet?.views[0]).toMatchObject({ state: "frozen", ySplit: 4 });
    }
    expect((await book("mixed")).getWorksheet("Lines")?.getRow(1).getCell(1).value).toBe(
      "Partly read from a scanned image",
    );
    for (const source of ["text", null] as const) {
      const plain = await book(source);
      expect(plain.getWorksheet("Lines")?.getRow(1).getCell(1).value).toBe("Number");
      expect(plain.getWorksheet("Summary")?.getRow(1).getCell(1).value).toBe("Figure");
    }
  });
});

describe("a bill not read whole", () => {
  const UNREAD = [
    "The bill's due date could not be read.",
    "The bill's current charges could not be read.",
  ];
  const partial = () => ({
    ...resultOf("generic"),
    dueDate: "",
    // As an analysis stored before an unread period was left out holds it.
    billingPeriod: { start: "", end: "" },
    totalMonthlyBillFrom: "lines" as const,
    notReadFromBill: UNREAD,
  });
  const NOTE = `Some of the bill could not be read. The analysis goes without what is listed here. Check its figures against the bill before you quote them. ${UNREAD.join(" ")}`;
  const TOTAL = "The total is the lines added up: the bill's own total could not be read.";

  it("says what was not read before any figure, and where the total came from, never as an issue", async () => {
    const text = pagesOf(await renderBillReportPdf(view(partial())))
      .join("\n")
      .replace(/\s+/g, " ");
    expect(text).toContain(NOTE);
    expect(text.indexOf(NOTE)).toBeLessThan(text.indexOf("Monthly bill"));
    expect(text).toContain(TOTAL);
    expect(text).toContain("Northwind Mobile bill. Analysed");
    // Once, in the note: not again among the compliance issues.
    expect(text.split("due date could not be read").length).toBe(2);
    const whole = pagesOf(await renderBillReportPdf(view(resultOf("generic")))).join("\n");
    expect(whole).not.toContain("could not be read");
    expect(whole).not.toContain("lines added up");
  });

  it("says it above the header of each sheet of the workbook, and beside the monthly bill", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (
        await renderBillLinesWorkbook(partial(), {
          subject: "Acme",
          fileName: "bill.pdf",
          readSource: "text",
        })
      ).buffer,
    );
    const firstColumn = (name: string, rows: number) => {
      const sheet = workbook.getWorksheet(name);
      return Array.from({ length: rows }, (_, i) => sheet?.getRow(i + 1).getCell(1).value ?? null);
    };
    for (const name of ["Lines", "Summary"]) {
      // The header below the note and a blank row stays in view.
      expect(firstColumn(name, 6)).toEqual([
        "Some of the bill could not be read",
        "The analysis goes without what is listed here. Check its figures against the bill before you quote them.",
        ...UNREAD,
        null,
        name === "Lines" ? "Number" : "Figure",
      ]);
      expect(workbook.getWorksheet(name)?.views[0]).toMatchObject({ state: "frozen", ySplit: 6 });
    }
    const summary = workbook.getWorksheet("Summary");
    const labels = firstColumn("Summary", summary?.rowCount ?? 0);
    const about = labels.indexOf("About the monthly bill");
    expect(summary?.getRow(about + 1).getCell(2).value).toBe(TOTAL);
    expect(labels[about - 1]).toBe("Monthly bill");
    // Said in the note only, not again among the issues.
    expect(labels.filter((label) => label === "Issue")).toHaveLength(
      resultOf("generic").businessMetrics.complianceStatus.issues.length,
    );
  });
});

describe("renderBillLinesWorkbook", () => {
  it("writes typed cells, a frozen header, a totals row and a summary sheet", async () => {
    const result = resultOf("tmobile");
    const bytes = await renderBillLinesWorkbook(result, {
      subject: "Acme",
      fileName: "t.pdf",
      readSource: "text",
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes.buffer);
    const lines = book.getWorksheet("Lines");
    const summary = book.getWorksheet("Summary");
    if (!lines || !summary) throw new Error("a sheet is missing");
    expect(lines.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(lines.getRow(1).values).toEqual([
      undefined,
      "Number",
      "User",
      "Department",
      "Line type",
      "Plan",
      "Monthly cost",
      "Data used (GB)",
      "Device",
      "Installment",
      "Remaining balance",
    ]);
    const first = result.lines[0];
    const row = lines.getRow(2);
    expect(row.getCell(1).value).toBe(first?.phoneNumber);
    expect(row.getCell(6).value).toBe(first?.planCost);
    expect(row.getCell(6).numFmt).toBe('"$"#,##0.00');
    expect(row.getCell(7).value).toBe(first?.dataUsageGB);
    const total = lines.getRow(result.lines.length + 2);
    expect(total.getCell(1).value).toBe(`Total (${result.lines.length} lines)`);
    const planTotal = result.lines.reduce((sum, l) => sum + Math.round(l.planCost * 100), 0);
    expect(total.getCell(6).value).toBe(planTotal / 100);
    expect(total.font?.bold).toBe(true);
    const figures = new Map<string, unknown>();
    summary.eachRow((r) => figures.set(String(r.getCell(1).value), r.getCell(2)));
    const monthly = figures.get("Monthly bill") as ExcelJS.Cell;
    expect(monthly.value).toBe(result.totalMonthlyBill);
    expect(monthly.numFmt).toBe('"$"#,##0.00');
    expect((figures.get("Carrier") as ExcelJS.Cell).value).toBe("T-Mobile");
  });
});

describe("reportFileName", () => {
  it("names the file by the customer (or the upload) and the day, in ASCII", () => {
    expect(reportFileName("Café Zürich", "2026-11-24", "pdf")).toBe(
      "bill-analysis-cafe-zurich-2026-11-24.pdf",
    );
    expect(reportFileName("verizon-march.PDF", "2026-11-24", "xlsx")).toBe(
      "bill-analysis-verizon-march-2026-11-24.xlsx",
    );
    expect(reportFileName("東京", "2026-11-24", "pdf")).toBe("bill-analysis-bill-2026-11-24.pdf");
  });
});
