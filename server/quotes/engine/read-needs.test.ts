import { describe, expect, it } from "vitest";
import { quoteNeedsSchema } from "#app/lib/schemas/quote.ts";
import { digitsForWords } from "./numbers.ts";
import { readNeeds } from "./read-needs.ts";

describe("numbers in words", () => {
  it.each([
    ["twelve phones", "12 phones"],
    ["a dozen", "12"],
    ["two dozen tablets", "24 tablets"],
    ["half a dozen hotspots", "6 hotspots"],
    ["twenty-five lines", "25 lines"],
    ["one hundred and fifty users", "150 users"],
    ["fifteen hundred lines", "1500 lines"],
    ["a couple of watches", "2 watches"],
    ["1,500 a month", "1500 a month"],
    ["$1.5k", "$1500"],
    ["4k video", "4k video"],
  ])("%s → %s", (words, digits) => {
    expect(digitsForWords(words)).toBe(digits);
  });
});

describe("the built-in reader", () => {
  it("reads kinds by their synonyms", () => {
    expect(
      readNeeds("3 smartphones, 2 laptops, 4 MiFi, 1 fixed wireless, 2 smartwatches").lines,
    ).toEqual({
      voice: 3,
      mobile_internet: 2,
      hotspot: 4,
      fixed_wireless: 1,
      wearable: 2,
    });
    expect(readNeeds("10 lines of fixed wireless").lines.fixed_wireless).toBe(10);
    expect(readNeeds("hotspots: 3, tablets x 4").lines).toMatchObject({
      hotspot: 3,
      mobile_internet: 4,
    });
  });

  it("tells a hotspot allowance from hotspot devices", () => {
    const feature = readNeeds("6 phones with hotspot");
    expect(feature.lines).toMatchObject({ voice: 6, hotspot: 0 });
    expect(feature.features.hotspotGb).toBe(0);
    const devices = readNeeds("6 phones and 2 hotspots");
    expect(devices.lines).toMatchObject({ voice: 6, hotspot: 2 });
    expect(devices.features.hotspotGb).toBeNull();
    expect(readNeeds("phones with 30GB of hotspot").features.hotspotGb).toBe(30);
  });

  it("reads carriers named, excluded and current", () => {
    expect(readNeeds("12 phones, not AT&T").carriers).toEqual({ preferred: [], excluded: ["att"] });
    expect(readNeeds("no Verizon or T-Mobile please").carriers).toEqual({
      preferred: [],
      excluded: ["verizon", "tmobile"],
    });
    expect(readNeeds("compare AT&T and Verizon for 5 lines").carriers).toEqual({
      preferred: ["att", "verizon"],
      excluded: [],
    });
    const current = readNeeds("we're currently with T-Mobile, 8 lines");
    expect(current.carriers).toEqual({ preferred: [], excluded: [] });
    expect(current.assumptions).toContain(
      "currently with T-Mobile: compared with the others, not excluded",
    );
  });

  it("reads budgets per line and in total, and what they pay today apart", () => {
    expect(readNeeds("under $40 a line").budget).toEqual({
      perLineCents: 4000,
      monthlyTotalCents: null,
    });
    expect(readNeeds("$1,500 a month total").budget).toEqual({
      perLineCents: null,
      monthlyTotalCents: 150000,
    });
    expect(readNeeds("we pay $2000 a month today").budget).toEqual({
      perLineCents: null,
      monthlyTotalCents: null,
    });
  });

  it("reads the term, a port-in and the devices wanted", () => {
    expect(readNeeds("2 years").termMonths).toBe(24);
    expect(readNeeds("36 months").termMonths).toBe(36);
    expect(readNeeds("10 year deal").termMonths).toBe(60);
    expect(readNeeds("8 phones, port 5 numbers").portInCount).toBe(5);
    expect(readNeeds("8 phones, keep our numbers").portInCount).toBe(8);
    expect(readNeeds("4 iPhone 16 Pro Max and 2 Galaxy S25 Ultra").devices).toEqual([
      { kind: "voice", model: "iPhone 16 Pro Max", quantity: 4 },
      { kind: "voice", model: "Galaxy S25 Ultra", quantity: 2 },
    ]);
    expect(readNeeds("10 iPhones, bring our own devices").devices).toEqual([]);
  });

  it("says what it assumed", () => {
    expect(readNeeds("").assumptions).toEqual([
      "no line count given: 1 voice line assumed",
      "no devices asked for: lines only, on devices the customer has",
      "no carrier named: all three compared",
      "no term given: 24 months assumed",
    ]);
  });

  it.each([
    ["emoji", "📱📱📱🔥🔥 💯"],
    ["10,000 repeated words", "phone ".repeat(10_000)],
    ["10,000 repeated numbers", "12 ".repeat(10_000)],
    ["another language", "Нам нужно двенадцать телефонов 和五个平板电脑"],
    ["control characters and lone surrogates", "\u0000\u0007\ud800 12 phones"],
    ["huge numbers", "99999999999999999999 phones and $99999999999999 a line"],
    ["regex-looking text", "((((((((((a+)+)+)+)+ $$$ \\d+ [x] ^$"],
    ["only punctuation", "... ,,, ;;; !!! ???"],
  ])("never throws on %s, and its needs fit the schema", (_name, text) => {
    // Processor time, not the wall clock: a runaway pattern spends it, while a busy machine that
    // keeps this test waiting for a core does not.
    const started = process.cpuUsage();
    const needs = readNeeds(text);
    expect(quoteNeedsSchema.safeParse(needs).success).toBe(true);
    const spent = process.cpuUsage(started);
    expect((spent.user + spent.system) / 1_000).toBeLessThan(1_000);
  });

  it('counts no one person for "a crew", and a crew of 12 once', () => {
    const crew = readNeeds("12 lines for a field crew with hotspots on Verizon");
    expect(crew.assumptions).not.toContain("hotspots without a count: 1 assumed, one per person");
    expect(crew.lines.voice).toBe(12);
    expect(readNeeds("a crew of 12 with hotspots").lines.hotspot).toBe(12);
    expect(readNeeds("a field crew of 8, each with a hotspot").lines.hotspot).toBe(8);
    expect(readNeeds("one technician with a tablet").lines.mobile_internet).toBe(1);
  });

  it("caps a line count it cannot quote", () => {
    const needs = readNeeds("99999999 phones");
    expect(needs.lines.voice).toBe(10_000);
    expect(needs.assumptions.some((a) => a.includes("more than a quote prices"))).toBe(true);
  });
});
