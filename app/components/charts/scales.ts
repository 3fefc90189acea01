// The two scales the bar chart draws with: d3-scale's band and linear scales (as @visx/scale
// made them: band with equal inner and outer padding, centred; linear with `nice`) and d3-array's
// ticks, written out with d3's arithmetic so every bar and tick lands where it did. visx and d3
// cost the reports page 21 KB of script to hydrate drawings that never change (decision 0036);
// scales.test.ts holds these to @visx/scale.

const E10 = Math.sqrt(50);
const E5 = Math.sqrt(10);
const E2 = Math.sqrt(2);

/** d3-array's tickIncrement: the step between ticks, negative as 1/step below 1. */
export function tickIncrement(start: number, stop: number, count: number): number {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log(step) / Math.LN10);
  const error = step / 10 ** power;
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1;
  return power >= 0 ? factor * 10 ** power : -(10 ** -power) / factor;
}

/** d3-array's ticks: about `count` round values from start to stop. */
export function ticks(start: number, stop: number, count: number): number[] {
  if (start === stop && count > 0) return [start];
  const reverse = stop < start;
  const [low, high] = reverse ? [stop, start] : [start, stop];
  let step = tickIncrement(low, high, count);
  if (step === 0 || !Number.isFinite(step)) return [];
  const values: number[] = [];
  if (step > 0) {
    let r0 = Math.round(low / step);
    let r1 = Math.round(high / step);
    if (r0 * step < low) ++r0;
    if (r1 * step > high) --r1;
    for (let i = 0; i < r1 - r0 + 1; i++) values.push((r0 + i) * step);
  } else {
    step = -step;
    let r0 = Math.round(low * step);
    let r1 = Math.round(high * step);
    if (r0 / step < low) ++r0;
    if (r1 / step > high) --r1;
    for (let i = 0; i < r1 - r0 + 1; i++) values.push((r0 + i) / step);
  }
  return reverse ? values.reverse() : values;
}

export type BandScale = {
  (value: string): number | undefined;
  readonly bandwidth: number;
  readonly domain: readonly string[];
  readonly range: readonly [number, number];
};

/** d3's scaleBand().domain(domain).range(range).padding(padding), aligned to the centre. */
export function bandScale(
  domain: readonly string[],
  range: readonly [number, number],
  padding: number,
): BandScale {
  const [r0, r1] = range;
  const n = domain.length;
  const reverse = r1 < r0;
  let start = reverse ? r1 : r0;
  const stop = reverse ? r0 : r1;
  const inner = Math.min(1, padding);
  const step = (stop - start) / Math.max(1, n - inner + padding * 2);
  start += (stop - start - step * (n - inner)) * 0.5;
  const starts = domain.map((_, i) => start + step * i);
  if (reverse) starts.reverse();
  const at = new Map(domain.map((value, i) => [value, starts[i]]));
  return Object.assign((value: string) => at.get(value), {
    bandwidth: step * (1 - inner),
    domain,
    range,
  });
}

export type LinearScale = {
  (value: number): number;
  readonly ticks: (count: number) => number[];
  readonly range: readonly [number, number];
};

/** d3's scaleLinear().domain(domain).range(range).nice(): the domain widened to round ends. */
export function niceLinearScale(
  domain: readonly [number, number],
  range: readonly [number, number],
): LinearScale {
  let [d0, d1] = domain;
  const flipped = d1 < d0;
  let start = flipped ? d1 : d0;
  let stop = flipped ? d0 : d1;
  let previous: number | undefined;
  for (let round = 0; round < 10; round++) {
    const step = tickIncrement(start, stop, 10);
    if (step === previous) {
      [d0, d1] = flipped ? [stop, start] : [start, stop];
      break;
    }
    if (step > 0) {
      start = Math.floor(start / step) * step;
      stop = Math.ceil(stop / step) * step;
    } else if (step < 0) {
      start = Math.ceil(start * step) / step;
      stop = Math.floor(stop * step) / step;
    } else break;
    previous = step;
  }
  // d3's interpolation, in its order of operations: the same inputs give the same floats.
  const [from, to] = d1 < d0 ? [d1, d0] : [d0, d1];
  const [out0, out1] = d1 < d0 ? [range[1], range[0]] : range;
  const span = to - from;
  const scale = (value: number) => {
    const t = span ? (value - from) / span : 0.5;
    return out0 * (1 - t) + out1 * t;
  };
  return Object.assign(scale, { ticks: (count: number) => ticks(d0, d1, count), range });
}
