import { type ReactNode, useId, useState } from "react";
import { bandScale, niceLinearScale } from "./scales.ts";

// The portal's one bar chart (reports and the bill analyzer), drawn as plain SVG during the
// server render: a fixed viewBox scales with its box, so nothing is measured in the browser and
// nothing shifts when the page hydrates. The scales and axes are ours (scales.ts), drawn as visx
// drew them (decision 0036). Colours come from CSS classes with dark variants;
// the same figures are always in a table beside it for screen readers and for copying.

export type BarDatum = { label: string; value: number };
export type BarSeries = { name: string; data: BarDatum[] };

// Text in a viewBox scales with the box it is drawn in, so each chart is drawn twice and CSS
// shows the one that suits its box (a container query, no measuring): 400 units wide from a
// 28rem box up, capped at 1.15 times that, and 300 units in a narrower one (a phone's card),
// where the 400-unit drawing's 12-unit labels came out at 8 px. Either way labels stay near
// 12–14 px.
const WIDTH = 400;
const NARROW_WIDTH = 300;
const BAR_ROW = 30;
const COLUMN_HEIGHT = 220;
const MARGIN = { top: 8, right: 32, bottom: 30, left: 118 };
const COLUMN_MARGIN = { top: 10, right: 12, bottom: 30, left: 58 };
const SVG_CLASS = "hidden h-auto w-full max-w-[460px] @md:block";
const NARROW_SVG_CLASS = "h-auto w-full max-w-[340px] @md:hidden";
/** The least gap between two tick labels, in viewBox units. */
const LABEL_GAP = 10;
/** About how wide a tick label is drawn: 12-unit Arial, ~6.6 units a character. */
const labelWidth = (label: string) => label.length * 6.6;

const SERIES_FILL = [
  "fill-brand-500 dark:fill-brand-400",
  "fill-emerald-500 dark:fill-emerald-400",
  "fill-amber-500 dark:fill-amber-400",
  "fill-rose-500 dark:fill-rose-400",
];
const SERIES_SWATCH = [
  "bg-brand-500 dark:bg-brand-400",
  "bg-emerald-500 dark:bg-emerald-400",
  "bg-amber-500 dark:bg-amber-400",
  "bg-rose-500 dark:bg-rose-400",
];
const AXIS_TEXT = "fill-slate-600 text-[12px] dark:fill-slate-300";
const AXIS_LINE = "stroke-slate-300 dark:stroke-slate-600";

type ChartProps = {
  /** The chart's title, also its accessible name. */
  title: string;
  /** One or more series over the same labels (a second one is drawn beside the first). */
  series: BarSeries[];
  /** How a value reads on the axis, the bar's tooltip and the table ("$1,200", "12 lines"). */
  format: (value: number) => string;
  /**
   * How a tick of the value axis reads, when `format` is too long for it: "$1,500.00" beside
   * "$2,000.00" runs together on a card's width; "$1,500" does not. Defaults to `format`.
   */
  tickFormat?: (value: number) => string;
  /** Horizontal bars suit long labels (departments, agents); columns suit months. */
  orientation?: "bars" | "columns";
  /** What to say when every value is zero or there are no labels. */
  emptyText?: string;
  /** What the figures count, under the title: two charts on one screen must not seem to disagree. */
  description?: string;
};

function labelsOf(series: BarSeries[]): string[] {
  const labels: string[] = [];
  for (const one of series) {
    for (const datum of one.data) if (!labels.includes(datum.label)) labels.push(datum.label);
  }
  return labels;
}

function valueAt(series: BarSeries, label: string): number {
  return series.data.find((datum) => datum.label === label)?.value ?? 0;
}

function truncate(label: string, max: number): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

/** A bar or column chart with its legend and a data table; SSR-safe, no layout shift. */
export function BarChart(props: ChartProps) {
  const titleId = useId();
  const descriptionId = useId();
  const [asTable, setAsTable] = useState(false);
  const labels = labelsOf(props.series);
  const max = Math.max(0, ...props.series.flatMap((one) => one.data.map((datum) => datum.value)));
  const empty = labels.length === 0 || max <= 0;

  return (
    <figure
      className="flex flex-col gap-3"
      aria-labelledby={titleId}
      aria-describedby={props.description ? descriptionId : undefined}
    >
      <div className="flex items-center justify-between gap-3">
        <figcaption
          id={titleId}
          className="text-sm font-semibold text-slate-900 dark:text-slate-100"
        >
          {props.title}
        </figcaption>
        {empty ? null : (
          <button
            type="button"
            // 24 px tall at least: a finger's target (WCAG 2.5.8), not the text's 16 px.
            className="inline-flex min-h-6 shrink-0 items-center rounded text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
            aria-pressed={asTable}
            onClick={() => setAsTable((shown) => !shown)}
          >
            {asTable ? "Show as chart" : "Show as table"}
          </button>
        )}
      </div>
      {props.description ? (
        <p id={descriptionId} className="-mt-2 text-xs text-slate-600 dark:text-slate-400">
          {props.description}
        </p>
      ) : null}
      {empty ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {props.emptyText ?? "Nothing to chart yet."}
        </p>
      ) : (
        <>
          {asTable ? null : (
            <>
              {props.series.length > 1 ? <Legend series={props.series} /> : null}
              <div className="@container">
                {[
                  { width: NARROW_WIDTH, className: NARROW_SVG_CLASS },
                  { width: WIDTH, className: SVG_CLASS },
                ].map((drawing) =>
                  props.orientation === "columns" ? (
                    <Columns
                      key={drawing.width}
                      {...props}
                      {...drawing}
                      labels={labels}
                      max={max}
                    />
                  ) : (
                    <Bars key={drawing.width} {...props} {...drawing} labels={labels} max={max} />
                  ),
                )}
              </div>
            </>
          )}
          <ChartTable {...props} labels={labels} max={max} visible={asTable} />
        </>
      )}
    </figure>
  );
}

function Legend(props: { series: BarSeries[] }) {
  return (
    <ul className="flex flex-wrap gap-4 text-xs text-slate-600 dark:text-slate-300" aria-hidden>
      {props.series.map((one, index) => (
        <li key={one.name} className="flex items-center gap-1.5">
          <span className={`size-2.5 rounded-sm ${SERIES_SWATCH[index % SERIES_SWATCH.length]}`} />
          {one.name}
        </li>
      ))}
    </ul>
  );
}

/** One drawing: its viewBox's width, and the classes that say when it shows. */
type DrawProps = ChartProps & { labels: string[]; max: number; width: number; className: string };

/**
 * The value axis's ticks: whole ones only for counts ("0.5 customers" is not a figure anyone
 * has), and, along a horizontal axis of `length` units, no more than fit side by side: six
 * "$100,000"s run together across a narrow drawing.
 */
function valueTicks(
  props: DrawProps,
  scale: { ticks: (count: number) => number[] },
  length?: number,
) {
  const whole = props.series.every((one) => one.data.every((d) => Number.isInteger(d.value)));
  const ticksFor = (count: number) =>
    whole ? scale.ticks(count).filter(Number.isInteger) : scale.ticks(count);
  if (length === undefined) return ticksFor(4);
  const label = props.tickFormat ?? props.format;
  for (let count = 4; count > 1; count--) {
    const ticks = ticksFor(count);
    const widest = Math.max(0, ...ticks.map((value) => labelWidth(label(value))));
    if (ticks.length * (widest + LABEL_GAP) <= length + widest) return ticks;
  }
  return ticksFor(1);
}

/** The SVG text of one tick label, as visx's Text wrote it (an offset box, Arial at 10). */
function TickLabel(props: {
  x: number;
  y: number;
  dx: number | string;
  dy: number | string;
  anchor: "end" | "middle";
  children: string;
}) {
  return (
    <svg x={props.dx} y={props.dy} fontSize={10} style={{ overflow: "visible" }} aria-hidden>
      <text
        transform=""
        x={props.x}
        y={props.y}
        fontFamily="Arial"
        fontSize={10}
        fill="#222"
        className={AXIS_TEXT}
        textAnchor={props.anchor}
      >
        <tspan x={props.x} dy="0em">
          {props.children.split(/(?:(?!\u00A0+)\s+)/).join(" ")}
        </tspan>
      </text>
    </svg>
  );
}

function AxisLine(props: { x1: number; y1: number; x2: number; y2: number; tick?: boolean }) {
  return (
    <line
      className={AXIS_LINE}
      x1={props.x1}
      y1={props.y1}
      x2={props.x2}
      y2={props.y2}
      fill="transparent"
      shapeRendering="crispEdges"
      stroke="#222"
      strokeWidth={1}
      strokeLinecap={props.tick ? "square" : undefined}
    />
  );
}

/** Ticks 8 units long, labels 8 units out (plus their own offset), the line along the range. */
const TICK_LENGTH = 8;

function Axis(props: {
  side: "left" | "bottom";
  top?: number;
  range: readonly [number, number];
  ticks: { at: number; label: string }[];
  hideTicks?: boolean;
  label: { dx: number | string; dy: number | string; anchor: "end" | "middle" };
}) {
  const left = props.side === "left";
  const [start, end] = props.range;
  return (
    <g transform={`translate(0, ${props.top ?? 0})`}>
      {props.ticks.map((tick) => (
        <g key={tick.at} transform="translate(0, 0)">
          {props.hideTicks ? null : left ? (
            <AxisLine x1={0} y1={tick.at} x2={-TICK_LENGTH} y2={tick.at} tick />
          ) : (
            <AxisLine x1={tick.at} y1={0} x2={tick.at} y2={TICK_LENGTH} tick />
          )}
          <TickLabel
            x={left ? -TICK_LENGTH : tick.at}
            y={left ? tick.at : TICK_LENGTH + 10}
            {...props.label}
          >
            {tick.label}
          </TickLabel>
        </g>
      ))}
      {left ? (
        <AxisLine x1={0} y1={start + 0.5} x2={0} y2={end + 0.5} />
      ) : (
        <AxisLine x1={start + 0.5} y1={0} x2={end + 0.5} y2={0} />
      )}
    </g>
  );
}

function Bar(props: {
  x: number;
  y: number;
  width: number;
  height: number;
  index: number;
  children: ReactNode;
}) {
  return (
    <rect
      className={SERIES_FILL[props.index % SERIES_FILL.length]}
      x={props.x}
      y={props.y}
      width={props.width}
      height={props.height}
      rx={3}
    >
      {props.children}
    </rect>
  );
}

function Bars(props: DrawProps) {
  const height = MARGIN.top + MARGIN.bottom + props.labels.length * BAR_ROW;
  const innerWidth = props.width - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const y = bandScale(props.labels, [0, innerHeight], 0.25);
  const x = niceLinearScale([0, props.max], [0, innerWidth]);
  const inner = bandScale(
    props.series.map((one) => one.name),
    [0, y.bandwidth],
    0.1,
  );
  return (
    <svg
      viewBox={`0 0 ${props.width} ${height}`}
      className={props.className}
      aria-hidden
      focusable="false"
    >
      <g transform={`translate(${MARGIN.left}, ${MARGIN.top})`}>
        {props.labels.map((label) =>
          props.series.map((one, index) => {
            const value = valueAt(one, label);
            return (
              <Bar
                key={`${one.name}:${label}`}
                x={0}
                y={(y(label) ?? 0) + (inner(one.name) ?? 0)}
                width={Math.max(0, x(value))}
                height={inner.bandwidth}
                index={index}
              >
                <title>{`${label}: ${props.format(value)}`}</title>
              </Bar>
            );
          }),
        )}
        <Axis
          side="left"
          range={y.range}
          hideTicks
          ticks={props.labels.map((label) => ({
            at: (y(label) ?? 0) + y.bandwidth / 2,
            label: truncate(label, 17),
          }))}
          label={{ dx: -6, dy: 4, anchor: "end" }}
        />
        <Axis
          side="bottom"
          top={innerHeight}
          range={x.range}
          ticks={valueTicks(props, x, innerWidth).map((value) => ({
            at: x(value),
            label: (props.tickFormat ?? props.format)(value),
          }))}
          label={{ dx: 0, dy: "0.25em", anchor: "middle" }}
        />
      </g>
    </svg>
  );
}

function Columns(props: DrawProps) {
  const innerWidth = props.width - COLUMN_MARGIN.left - COLUMN_MARGIN.right;
  const innerHeight = COLUMN_HEIGHT - COLUMN_MARGIN.top - COLUMN_MARGIN.bottom;
  const x = bandScale(props.labels, [0, innerWidth], 0.25);
  const y = niceLinearScale([0, props.max], [innerHeight, 0]);
  const inner = bandScale(
    props.series.map((one) => one.name),
    [0, x.bandwidth],
    0.1,
  );
  // Every label where they fit side by side, else every second, third…: "Sep 2026" beside
  // "Oct 2026" needs about 60 units.
  const widest = Math.max(0, ...props.labels.map((label) => labelWidth(truncate(label, 9))));
  const step = innerWidth / Math.max(1, props.labels.length);
  const everyNth = Math.max(1, Math.ceil((widest + LABEL_GAP) / step));
  return (
    <svg
      viewBox={`0 0 ${props.width} ${COLUMN_HEIGHT}`}
      className={props.className}
      aria-hidden
      focusable="false"
    >
      <g transform={`translate(${COLUMN_MARGIN.left}, ${COLUMN_MARGIN.top})`}>
        {props.labels.map((label) =>
          props.series.map((one, index) => {
            const value = valueAt(one, label);
            const top = y(value);
            return (
              <Bar
                key={`${one.name}:${label}`}
                x={(x(label) ?? 0) + (inner(one.name) ?? 0)}
                y={top}
                width={inner.bandwidth}
                height={Math.max(0, innerHeight - top)}
                index={index}
              >
                <title>{`${label}: ${props.format(value)}`}</title>
              </Bar>
            );
          }),
        )}
        <Axis
          side="left"
          range={y.range}
          ticks={valueTicks(props, y).map((value) => ({
            at: y(value),
            label: (props.tickFormat ?? props.format)(value),
          }))}
          label={{ dx: -4, dy: 4, anchor: "end" }}
        />
        <Axis
          side="bottom"
          top={innerHeight}
          range={x.range}
          hideTicks
          ticks={props.labels.map((label, index) => ({
            at: (x(label) ?? 0) + x.bandwidth / 2,
            label: index % everyNth === 0 ? truncate(label, 9) : "",
          }))}
          label={{ dx: 0, dy: "0.25em", anchor: "middle" }}
        />
      </g>
    </svg>
  );
}

/**
 * The chart's figures as a table: always there for screen readers (the drawing is hidden from
 * them), shown to anyone who asks for the numbers.
 */
function ChartTable(props: ChartProps & { labels: string[]; max: number; visible: boolean }) {
  return (
    <div className={props.visible ? "overflow-x-auto text-sm" : "sr-only"}>
      <table className="w-full text-left text-slate-700 dark:text-slate-300">
        <caption className="sr-only">{props.title}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              &nbsp;
            </th>
            {props.series.map((one) => (
              <th key={one.name} scope="col" className="py-1 pr-3 text-right font-medium">
                {one.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.labels.map((label) => (
            <tr key={label} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className="py-1 pr-3 font-normal">
                {label}
              </th>
              {props.series.map((one) => (
                <td key={one.name} className="py-1 pr-3 text-right tabular-nums">
                  {props.format(valueAt(one, label))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
