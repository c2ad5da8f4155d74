import type { ExactLatency } from './tick';

/** Answers of one op type, their latencies exactly as measured (µs): how many, their sum, the least and the greatest. */
export interface ExactTally extends ExactLatency {
  count: number;
}

/** Two tallies as one: counts and sums added, the least of the two least, the greatest of the two greatest. */
export function addExact(a: ExactTally | undefined, b: ExactTally): ExactTally {
  if (!a) return { count: b.count, sum: b.sum, min: b.min, max: b.max };
  return { count: a.count + b.count, sum: a.sum + b.sum, min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) };
}
