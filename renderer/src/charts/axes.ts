import type { Row } from '../chart-data/row';

/**
 * The chart frame's domains, chosen so they change rarely. Recharts redraws
 * the value axis and grid in several milliseconds per chart, so that axis
 * moves only when a value outgrows its nice top; the time axis (drawn by the
 * page, TimeAxis) moves in whole tick steps, so its labels read steadily
 * instead of sliding every second. The series are redrawn every second.
 */
interface Domains {
  x: [number, number];
  xTicks: number[];
  y: [number, number];
  yTicks: number[];
}

/** Tick steps a clock reads well at: seconds, minutes, hours. */
const TIME_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];
/** About this many time ticks across a chart: readable at half a desktop width. */
const TARGET_TICKS = 6;

/** The smallest clock-friendly step that puts at most about TARGET_TICKS ticks across `span` seconds. */
export function timeStep(span: number): number {
  const want = Math.max(1, span / TARGET_TICKS);
  return TIME_STEPS.find((s) => s >= want) ?? TIME_STEPS[TIME_STEPS.length - 1];
}

/**
 * The time axis for rows from `first` to `last` second. Its end is `last`
 * rounded up to a whole step and its width the span rounded up to whole
 * steps, so it changes once per step and no more: a sliding window's oldest
 * seconds (less than a step) fall off the left edge until the next step
 * instead of moving the frame every second.
 */
export function timeDomain(first: number, last: number): { x: [number, number]; ticks: number[] } {
  const span = Math.max(1, last - first);
  const step = timeStep(span);
  const hi = Math.max(step, Math.ceil(last / step) * step);
  const lo = Math.max(0, hi - Math.ceil(span / step) * step);
  const ticks: number[] = [];
  for (let t = lo; t <= hi; t += step) ticks.push(t);
  return { x: [lo, hi], ticks };
}

/**
 * Value ticks from 0 to a nice top (1, 2, 2.5 or 5 times a power of ten, see
 * niceCeil): four or five steps that land on round numbers.
 */
export function valueTicks(top: number): number[] {
  const power = 10 ** Math.floor(Math.log10(top));
  const mantissa = Math.round((top / power) * 10) / 10;
  const steps = mantissa === 2 ? 4 : 5;
  const ticks: number[] = [];
  for (let i = 0; i <= steps; i++) ticks.push((top * i) / steps);
  return ticks;
}

export function domainsOf(rows: readonly Row[], yTop: number): Domains {
  const first = rows.length > 0 ? rows[0].t : 0;
  const last = rows.length > 0 ? rows[rows.length - 1].t : 0;
  const { x, ticks } = timeDomain(first, last);
  return { x, xTicks: ticks, y: [0, yTop], yTicks: valueTicks(yTop) };
}
