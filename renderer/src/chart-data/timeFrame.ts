import { fmtClock } from '../../../app/report/numbers';

/**
 * What a chart's time axis spans, AMC-style: a window of fixed width whose
 * right edge is the newest second, or (width null) exactly the run from its
 * first to its last second. With the clock of second 0 the ticks fall on
 * round clock times and read as times of day; without it (a comparison of
 * runs from different days) they read as elapsed run time.
 */
export interface TimeFrame {
  /** Seconds across the chart; null: the whole run. */
  width: number | null;
  /** When second 0 began (epoch ms), if known. */
  clock0?: number;
}

export const WHOLE_RUN: TimeFrame = { width: null };

const MS_PER_SECOND = 1000;
const timeOfDay = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

/**
 * The clock time run second `t` began at, as HH:MM:SS. A clock no Date can
 * hold (a run file's phase marks are not to be trusted) falls back to the
 * elapsed time rather than throwing in the middle of a render.
 */
export function clockLabel(clock0: number, t: number): string {
  const at = new Date(clock0 + t * MS_PER_SECOND);
  return Number.isNaN(at.getTime()) ? fmtClock(t) : timeOfDay.format(at);
}
