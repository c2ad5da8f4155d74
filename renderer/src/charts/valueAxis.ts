import { fmtCompact, US_PER_MS } from '../../../app/report/numbers';
import { latencyLogTick, latencyTickFormat, MILLISECONDS } from '../../../app/report/latency-format';
import type { Row } from '../chart-data/row';
import { valueTicks } from './axes';
import { ROUNDING } from './niceSteps';
import { valueTop, type Scale } from './paths';
import type { ChartSpec } from './spec';

/** The value axis as the frame draws it. */
export interface ValueAxis {
  /** In the axis' own coordinates: the values themselves, or on a log axis their log10. */
  domain: [number, number];
  ticks: number[];
  label: (tick: number) => string;
  /** Changes only when the axis does: recharts redraws it, several ms a chart, only then. */
  key: string;
  /** Pixels for the labels and their tick marks. */
  width: number;
}

/** A chart in milliseconds is a latency chart: its ticks and tooltips say µs or ms (app/report/latency-format.ts). */
export const isLatency = (unit: string): boolean => unit === MILLISECONDS;

const AXIS_WIDTH = 56;
/** "1000 ms" is 52 px at the axis' 12 px, and the labels sit beside 6 px tick marks. */
const LATENCY_AXIS_WIDTH = 64;
const widthOf = (spec: ChartSpec): number => (isLatency(spec.yUnit) ? LATENCY_AXIS_WIDTH : AXIS_WIDTH);

/** An empty log axis: 1 µs to 1 ms, in decades of milliseconds. */
const EMPTY_DECADES: [number, number] = [-3, 0];
/** Up to this many decades a log axis has ticks at 2 and 5 times each power of ten as well, so it has more than two. */
const FEW_DECADES = 2;
const SUB_DECADE = [Math.log10(2), Math.log10(5)];

const msTicks = (step: number, top: number): ((ms: number) => string) => {
  const format = latencyTickFormat(step * US_PER_MS, top * US_PER_MS);
  return (ms) => format(ms * US_PER_MS);
};

/** The value axis of a chart: linear from 0 to a nice top, or for a log chart whole decades around its values. */
export function valueAxis(spec: ChartSpec, rows: readonly Row[]): ValueAxis {
  if (spec.scale === 'log') return logAxis(spec, rows);
  const top = valueTop(spec, rows);
  const ticks = valueTicks(top);
  const label = isLatency(spec.yUnit) ? msTicks(ticks[1] ?? top, top) : fmtCompact;
  return { domain: [0, top], ticks, label, key: `linear ${top}`, width: widthOf(spec) };
}

/** Decades from the lowest value above 0 to the highest, at least one; a value of 0 has no place on it and sits at the bottom. */
function logAxis(spec: ChartSpec, rows: readonly Row[]): ValueAxis {
  let lo = Infinity;
  let hi = 0;
  for (let i = 0; i < rows.length; i++) {
    for (let j = 0; j < spec.series.length; j++) {
      const v = rows[i][spec.series[j].key];
      if (typeof v !== 'number' || !(v > 0) || !Number.isFinite(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  const d0 = hi > 0 ? Math.floor(Math.log10(lo) + ROUNDING) : EMPTY_DECADES[0];
  const d1 = hi > 0 ? Math.max(d0 + 1, Math.ceil(Math.log10(hi) - ROUNDING)) : EMPTY_DECADES[1];
  const ticks: number[] = [];
  for (let k = d0; k <= d1; k++) {
    ticks.push(k);
    if (k < d1 && d1 - d0 <= FEW_DECADES) ticks.push(...SUB_DECADE.map((s) => k + s));
  }
  const label = isLatency(spec.yUnit) ? (t: number) => latencyLogTick(10 ** t * US_PER_MS) : (t: number) => fmtCompact(10 ** t);
  return { domain: [d0, d1], ticks, label, key: `log ${d0} ${d1}`, width: widthOf(spec) };
}

/** A value to pixels on a log axis whose bottom is `bottom` (log10): the frame's linear scale over log10 of the value. */
export function logScale(linear: Scale, bottom: number): Scale {
  return (v) => linear(v > 0 ? Math.max(Math.log10(v), bottom) : bottom);
}

/** What the chart's header says of its axis: the unit, except on latency charts, whose ticks carry theirs. */
export function axisNote(spec: ChartSpec): string {
  if (spec.scale === 'log') return 'log scale';
  return isLatency(spec.yUnit) ? '' : spec.yUnit;
}
