import type { PhaseMark } from './format';

const MS_PER_SECOND = 1000;

/** When second 0 of a run began (epoch ms), from a moment and the run second it fell in. */
export const clockOf = (at: number, second: number): number => at - second * MS_PER_SECOND;

/** The clock of second 0 from a run's phase marks, if the run ever began. */
export function firstClock(phases: readonly PhaseMark[]): number | undefined {
  for (const p of phases) if (p.second !== undefined) return clockOf(p.at, p.second);
  return undefined;
}
