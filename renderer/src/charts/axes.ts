import type { Row } from '../chart-data/row';
import { WHOLE_RUN, type TimeFrame } from '../chart-data/timeFrame';
import { MAX_INTERVALS, MIN_INTERVALS, niceSteps, ROUNDING, tidy } from './niceSteps';

const MS_PER_SECOND = 1000;

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
 * The time axis for rows from `first` to `last` second. A window keeps its
 * width from the first second on and slides by one second each second with
 * the newest at its right edge, so a short run does not stretch across the
 * chart and the frame never rescales; the whole run spans exactly its first
 * to its last second. Ticks fall on whole steps of the clock when it is
 * known (round times of day), else of elapsed time.
 */
export function timeDomain(first: number, last: number, frame: TimeFrame = WHOLE_RUN): { x: [number, number]; ticks: number[] } {
  const hi = frame.width === null ? Math.max(last, first + 1) : last;
  const lo = frame.width === null ? first : last - frame.width;
  const step = timeStep(hi - lo);
  // Seconds of the clock at run second 0, so ticks land where the clock shows a round time.
  const offset = frame.clock0 === undefined ? 0 : (frame.clock0 / MS_PER_SECOND) % step;
  const ticks: number[] = [];
  for (let k = Math.ceil((lo + offset) / step); k * step - offset <= hi; k++) ticks.push(k * step - offset);
  return { x: [lo, hi], ticks };
}

/**
 * Value ticks from 0 to a nice top (niceCeil): the most round steps, at most
 * MAX_INTERVALS, that end exactly on the top.
 */
export function valueTicks(top: number): number[] {
  const step =
    niceSteps(top).find((s) => {
      const n = top / s;
      return Math.abs(n - Math.round(n)) < ROUNDING * n && n >= MIN_INTERVALS - ROUNDING && n <= MAX_INTERVALS + ROUNDING;
    }) ?? top / MAX_INTERVALS;
  const ticks: number[] = [];
  for (let i = 0; i * step <= top * (1 + ROUNDING); i++) ticks.push(tidy(i * step));
  return ticks;
}

/** The time axis of chart rows, from their first to their last second. */
export function rowsTimeDomain(rows: readonly Row[], frame: TimeFrame = WHOLE_RUN): { x: [number, number]; ticks: number[] } {
  const first = rows.length > 0 ? rows[0].t : 0;
  const last = rows.length > 0 ? rows[rows.length - 1].t : 0;
  return timeDomain(first, last, frame);
}
