import { scaleBand, scaleLinear } from "@visx/scale";
import { describe, expect, it } from "vitest";
import { bandScale, niceLinearScale } from "./scales.ts";

// The chart's scales must put every bar and tick exactly where visx's d3 scales did: the same
// floats, not merely close ones, so the drawing is the one agents knew.

const maxima = [
  0.05, 0.37, 1, 3, 7, 9.99, 10, 12, 42, 99, 100, 180, 420, 999, 1234.5, 4_110, 15_070, 98_765,
  123_456.78, 1_000_000, 7_654_321,
];
const ranges: [number, number][] = [
  [0, 250],
  [0, 330],
  [180, 0],
  [0, 17.5],
];

describe("the chart's linear scale", () => {
  it("widens the domain, places values and picks ticks as d3 does", () => {
    for (const max of maxima) {
      for (const range of ranges) {
        const ours = niceLinearScale([0, max], range);
        const theirs = scaleLinear<number>({ domain: [0, max], range, nice: true });
        for (const count of [2, 4, 10]) {
          expect(ours.ticks(count), `ticks(${count}) of 0–${max}`).toEqual(theirs.ticks(count));
        }
        for (const value of [0, max / 3, max / 2, max, ...theirs.ticks(4)]) {
          expect(ours(value), `${value} of 0–${max} on ${range}`).toBe(theirs(value));
        }
      }
    }
  });
});

describe("the chart's band scale", () => {
  it("places each band and sizes it as d3 does", () => {
    const labels = Array.from({ length: 14 }, (_, i) => `Label ${i}`);
    for (let n = 1; n <= labels.length; n++) {
      const domain = labels.slice(0, n);
      for (const range of ranges) {
        for (const padding of [0.1, 0.25]) {
          const ours = bandScale(domain, range, padding);
          const theirs = scaleBand<string>({ domain, range, padding });
          expect(ours.bandwidth).toBe(theirs.bandwidth());
          for (const label of domain) expect(ours(label)).toBe(theirs(label));
          expect(ours("not a label")).toBeUndefined();
        }
      }
    }
  });
});
