import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart } from "./bar-chart.tsx";

const usd = (value: number) => `$${value}`;

/** Each drawing of a chart: its outer svg's markup (the outer svgs carry a viewBox). */
const drawings = (html: string) => html.split(/(?=<svg viewBox=)/).slice(1);

describe("BarChart on the server", () => {
  it("draws one bar per label and series and gives the same figures as a table", () => {
    const html = renderToStaticMarkup(
      <BarChart
        title="Cost by department"
        format={usd}
        series={[
          {
            name: "Monthly cost",
            data: [
              { label: "Sales", value: 420 },
              { label: "Field Ops", value: 180 },
            ],
          },
        ]}
      />,
    );
    // Two drawings, a narrow one for a phone's card and a wide one (CSS shows one), each with
    // its two bars.
    expect(drawings(html).map((svg) => svg.match(/<rect/g)?.length)).toEqual([2, 2]);
    expect(html).toContain("Sales: $420");
    // The table is in the markup from the first render, for screen readers.
    expect(html).toMatch(/<th scope="row"[^>]*>Field Ops<\/th><td[^>]*>\$180<\/td>/);
    expect(html).toContain("Show as table");
  });

  it("draws two series side by side as columns, with a legend", () => {
    const html = renderToStaticMarkup(
      <BarChart
        title="Won and lost"
        orientation="columns"
        format={usd}
        series={[
          { name: "Won", data: [{ label: "Jan", value: 3 }] },
          { name: "Lost", data: [{ label: "Jan", value: 1 }] },
        ]}
      />,
    );
    expect(drawings(html).map((svg) => svg.match(/<rect/g)?.length)).toEqual([2, 2]);
    expect(html).toContain(">Won<");
    expect(html).toContain(">Lost<");
  });

  it("labels every column where the labels fit side by side, else every second", () => {
    const columns = (labels: string[]) =>
      renderToStaticMarkup(
        <BarChart
          title="By month"
          orientation="columns"
          format={usd}
          series={[{ name: "Won", data: labels.map((label) => ({ label, value: 1 })) }]}
        />,
      );
    // The wide drawing's labels (the second).
    const axisLabels = (html: string) =>
      [...(drawings(html)[1] ?? "").matchAll(/<tspan[^>]*>([^<]+)<\/tspan>/g)].map((m) => m[1]);
    const months = ["Jun", "Jul", "Aug", "Sep", "Oct", "Nov"];
    expect(axisLabels(columns(months))).toEqual(expect.arrayContaining(months));
    const long = months.map((m) => `${m} 2026`);
    const shown = axisLabels(columns(long)).filter((label) => label?.endsWith("2026"));
    expect(shown).toEqual(["Jun 2026", "Aug 2026", "Oct 2026"]);
  });

  it("draws a 300-unit chart for a narrow box and a 400-unit one from 28rem up", () => {
    const html = renderToStaticMarkup(
      <BarChart
        title="By team"
        format={usd}
        series={[{ name: "Cost", data: [{ label: "Sales", value: 1 }] }]}
      />,
    );
    const [narrow, wide] = drawings(html);
    expect(narrow).toMatch(/^<svg viewBox="0 0 300 [^"]+" class="[^"]*@md:hidden/);
    expect(wide).toMatch(/^<svg viewBox="0 0 400 [^"]+" class="hidden [^"]*@md:block/);
    expect(html).toContain('class="@container"');
  });

  it("writes no more value ticks than fit side by side along the axis", () => {
    const dollars = (value: number) => `$${value.toLocaleString("en-US")}`;
    const html = renderToStaticMarkup(
      <BarChart
        title="Pipeline"
        format={dollars}
        series={[{ name: "Value", data: [{ label: "Proposal", value: 98_000 }] }]}
      />,
    );
    const ticks = (svg: string) =>
      [...svg.matchAll(/<tspan[^>]*>(\$[\d,]+)<\/tspan>/g)].map((m) => m[1]);
    const [narrow, wide] = drawings(html);
    expect(ticks(narrow ?? "")).toEqual(["$0", "$50,000", "$100,000"]);
    expect(ticks(wide ?? "").length).toBeLessThanOrEqual(4);
  });

  it("writes the value axis's ticks with tickFormat, and the figures with format", () => {
    const html = renderToStaticMarkup(
      <BarChart
        title="Monthly cost by line type"
        format={(value) => `$${value.toFixed(2)}`}
        tickFormat={(value) => `$${value}`}
        series={[{ name: "Cost", data: [{ label: "Voice", value: 1875.5 }] }]}
      />,
    );
    const ticks = [...html.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]);
    expect(ticks).toContain("$1000");
    expect(ticks.filter((t) => t?.includes("."))).toEqual([]);
    expect(html).toContain("Voice: $1875.50");
    expect(html).toMatch(/<td[^>]*>\$1875\.50<\/td>/);
  });

  it("gives counts whole ticks only", () => {
    const html = renderToStaticMarkup(
      <BarChart
        title="New customers"
        format={String}
        series={[{ name: "Customers", data: [{ label: "Retail", value: 1 }] }]}
      />,
    );
    const ticks = [...html.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]);
    expect(ticks).toContain("1");
    expect(ticks.filter((t) => t?.includes("."))).toEqual([]);
  });

  it("says there is nothing to chart rather than drawing empty axes", () => {
    const html = renderToStaticMarkup(
      <BarChart
        title="Empty"
        format={usd}
        series={[{ name: "x", data: [] }]}
        emptyText="No lines yet."
      />,
    );
    expect(html).not.toContain("<svg");
    expect(html).toContain("No lines yet.");
  });

  it("says under its title what its figures count, as the figure's description", () => {
    const html = renderToStaticMarkup(
      <BarChart
        title="Monthly cost by line type"
        description="Plan charges only: $590.00 in all."
        format={usd}
        series={[{ name: "Cost", data: [{ label: "Voice", value: 450 }] }]}
      />,
    );
    const described = /<figure[^>]*aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(described).toBeTruthy();
    expect(html).toContain(`<p id="${described}"`);
    expect(html).toMatch(/<p id="[^"]+"[^>]*>Plan charges only: \$590\.00 in all\.<\/p>/);
  });
});
