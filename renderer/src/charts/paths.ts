import type { Row } from '../chart-data/row';
import type { ChartSpec } from './spec';
import { MAX_INTERVALS, MIN_INTERVALS, niceSteps, ROUNDING, tidy } from './niceSteps';

/** Data value to pixel, one axis. */
export type Scale = (v: number) => number;

/** One series in pixels: its top edge, and for areas the edge it is filled down to. */
export interface SeriesPoints {
  key: string;
  xs: Float64Array;
  tops: Float64Array;
  /** The series' own value at each point (not stacked). */
  values: Float64Array;
  /** Areas only: the base under each point (the series below it when stacked, else zero). */
  bottoms?: Float64Array;
}

/** An empty or all-zero chart still gets an axis, 0..1. */
const MIN_TOP = 1;

/**
 * The lowest round top at or above `v`: a whole number (3 to 6) of steps of
 * 1, 2, 2.5 or 5 times a power of ten (niceSteps), so 600 stays 600 and
 * 41,000 becomes 50,000, not the next power of ten.
 */
export function niceCeil(v: number): number {
  if (!(v > 0) || !Number.isFinite(v)) return MIN_TOP;
  let best = Infinity;
  for (const step of niceSteps(v)) {
    const n = Math.ceil(v / step - ROUNDING);
    if (n >= MIN_INTERVALS && n <= MAX_INTERVALS) best = Math.min(best, tidy(n * step));
  }
  return best;
}

/**
 * The value axis' top: the highest stack for stacked areas, else the highest
 * single value. Runs over every row of every chart each second: index loops,
 * so no iterator is allocated per row.
 */
export function valueTop(spec: ChartSpec, rows: readonly Row[]): number {
  let top = 0;
  const stacked = spec.kind === 'stackedArea';
  const series = spec.series;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    let sum = 0;
    for (let j = 0; j < series.length; j++) {
      const v = r[series[j].key];
      if (typeof v !== 'number' || !Number.isFinite(v)) continue;
      if (stacked && !series[j].faded) sum += v;
      else if (v > top) top = v;
    }
    if (stacked && sum > top) top = sum;
  }
  return niceCeil(top);
}

/**
 * Every series of a chart in pixels, one pass per series. A row without the
 * series' value is skipped, so the line joins its neighbours (a node that
 * joined late starts where it joined). Stacked areas sit on the running sum
 * of the series before them, so the top edge is the total.
 */
export function seriesPoints(spec: ChartSpec, rows: readonly Row[], x: Scale, y: Scale): SeriesPoints[] {
  const stacked = spec.kind === 'stackedArea';
  const filled = spec.kind !== 'line';
  const stackBase = stacked ? new Float64Array(rows.length) : undefined;
  const zero = y(0);
  return spec.series.map((s) => {
    // A faded line (an earlier step) stands on its own: not on the stack, not filled.
    const base = s.faded ? undefined : stackBase;
    const xs = new Float64Array(rows.length);
    const tops = new Float64Array(rows.length);
    const values = new Float64Array(rows.length);
    const bottoms = filled && !s.faded ? new Float64Array(rows.length) : undefined;
    let n = 0;
    for (let i = 0; i < rows.length; i++) {
      const v = rows[i][s.key];
      if (typeof v !== 'number' || !Number.isFinite(v)) continue;
      const below = base ? base[i] : 0;
      if (base) base[i] = below + v;
      xs[n] = x(rows[i].t);
      tops[n] = y(below + v);
      values[n] = v;
      if (bottoms) bottoms[n] = base ? y(below) : zero;
      n++;
    }
    return {
      key: s.key,
      xs: xs.subarray(0, n),
      tops: tops.subarray(0, n),
      values: values.subarray(0, n),
      bottoms: bottoms?.subarray(0, n),
    };
  });
}
