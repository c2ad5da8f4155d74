import { effectiveN } from './dependence';
import { tQuantileTwoSided, tTwoSided } from './student-t';

/** p below this is a significant change: the one level every verdict uses. */
export const SIGNIFICANCE = 0.05;
/** The interval beside every change: 95 %. */
const INTERVAL_TAIL = 0.05;

/**
 * How a change was judged:
 * - `welch-runs`: Welch's t-test on each run's figure (the mean ops/s of its
 *   measured seconds, or its p99), two or more runs a side: run-to-run noise
 *   is in the test.
 * - `student-runs`: the same with one variance pooled over both sides, when
 *   one side has a single run (its variance then comes from the other side).
 * - `welch-seconds-ar1`: one run a side: Welch's t-test on the per-second
 *   values, each side's seconds counted at their effective sample size from
 *   the lag-1 autocorrelation (app/stats/dependence.ts). It speaks for the
 *   noise within the two runs, never for the noise between runs.
 */
export type VerdictMethod = 'welch-runs' | 'student-runs' | 'welch-seconds-ar1';

export const METHOD_TEXT: Record<VerdictMethod, string> = {
  'welch-runs': "Welch's t-test on the runs",
  'student-runs': "Student's t-test on the runs (pooled variance: one side has one run)",
  'welch-seconds-ar1': "Welch's t-test on the seconds, counted at their effective number (lag-1 autocorrelation)",
};

/** How far the candidate moved, in the figure's unit: the difference of the means and its 95 % interval. */
export interface Shift {
  estimate: number;
  low?: number;
  high?: number;
}

export interface Verdict {
  method: VerdictMethod;
  p: number;
  significant: boolean;
  /** Too few values for any test: fewer than two runs in all, or seconds worth fewer than two a side. */
  tooFew?: boolean;
  changePct?: number;
  /** The change's 95 % interval in percent of the baseline. */
  changeLowPct?: number;
  changeHighPct?: number;
  shift?: Shift;
  /** Runs a side: baseline, candidate. */
  nRuns: [number, number];
  /** Measured seconds a side (all runs together). */
  nSeconds: [number, number];
}

const mean = (xs: readonly number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;
const variance = (xs: readonly number[], m: number): number => xs.reduce((a, x) => a + (x - m) * (x - m), 0) / (xs.length - 1);

/** One side of a t-test: its mean, the variance of that mean, and the degrees of freedom it brings. */
interface Side {
  mean: number;
  varOfMean: number;
  df: number;
}

/** The test and interval from two sides, candidate minus baseline. */
function tVerdict(a: Side, b: Side, df: number, base: Omit<Verdict, 'p' | 'significant'>): Verdict {
  const diff = b.mean - a.mean;
  const se = Math.sqrt(a.varOfMean + b.varOfMean);
  const pct = (v: number) => (a.mean === 0 ? undefined : (v / a.mean) * 100);
  if (se === 0 || !(df > 0)) {
    const p = diff === 0 ? 1 : 0;
    return { ...base, p, significant: p < SIGNIFICANCE, changePct: pct(diff), shift: { estimate: diff } };
  }
  const p = tTwoSided(diff / se, df);
  const half = tQuantileTwoSided(INTERVAL_TAIL, df) * se;
  return {
    ...base,
    p,
    significant: p < SIGNIFICANCE,
    changePct: pct(diff),
    changeLowPct: pct(diff - half),
    changeHighPct: pct(diff + half),
    shift: { estimate: diff, low: diff - half, high: diff + half },
  };
}

/** Welch–Satterthwaite degrees of freedom. */
const welchDf = (a: Side, b: Side): number =>
  (a.varOfMean + b.varOfMean) ** 2 / (a.varOfMean ** 2 / a.df + b.varOfMean ** 2 / b.df) || a.df + b.df;

/** No test can be made; the change itself is still shown, with that said. */
function tooFew(
  base: readonly number[],
  cand: readonly number[],
  nRuns: [number, number],
  nSeconds: [number, number],
  method: VerdictMethod,
): Verdict {
  const a = base.length > 0 ? mean(base) : 0;
  const changePct = a === 0 || cand.length === 0 ? undefined : ((mean(cand) - a) / a) * 100;
  return { method, p: 1, significant: false, tooFew: true, nRuns, nSeconds, ...(changePct === undefined ? {} : { changePct }) };
}

/**
 * Runs against runs: each value is one run's figure. Two or more a side:
 * Welch; one run on one side only: the pooled variance of the other; one a
 * side: no test on runs can be made (use secondsVerdict).
 */
export function runsVerdict(base: readonly number[], cand: readonly number[], nSeconds: [number, number]): Verdict {
  const nRuns: [number, number] = [base.length, cand.length];
  const ma = mean(base);
  const mb = mean(cand);
  if (base.length >= 2 && cand.length >= 2) {
    const a: Side = { mean: ma, varOfMean: variance(base, ma) / base.length, df: base.length - 1 };
    const b: Side = { mean: mb, varOfMean: variance(cand, mb) / cand.length, df: cand.length - 1 };
    return tVerdict(a, b, welchDf(a, b), { method: 'welch-runs', nRuns, nSeconds });
  }
  if (base.length + cand.length < 3) return tooFew(base, cand, nRuns, nSeconds, 'student-runs');
  const ss = [...base.map((x) => x - ma), ...cand.map((x) => x - mb)].reduce((s, d) => s + d * d, 0);
  const df = base.length + cand.length - 2;
  const pooled = ss / df;
  const a: Side = { mean: ma, varOfMean: pooled / base.length, df };
  const b: Side = { mean: mb, varOfMean: pooled / cand.length, df };
  return tVerdict(a, b, df, { method: 'student-runs', nRuns, nSeconds });
}

/** Fewest effective values a side for the seconds' test: one value has no variance. */
const MIN_EFFECTIVE = 2;
/** Fewest seconds a side for the seconds' test: below it their dependence cannot be estimated at all. */
export const MIN_SECONDS = 5;

/** One run against one: their per-second values, each side counted at its effective sample size. */
export function secondsVerdict(base: readonly number[], cand: readonly number[]): Verdict {
  const nRuns: [number, number] = [1, 1];
  const nSeconds: [number, number] = [base.length, cand.length];
  if (base.length < MIN_SECONDS || cand.length < MIN_SECONDS) return tooFew(base, cand, nRuns, nSeconds, 'welch-seconds-ar1');
  const side = (xs: readonly number[]): Side => {
    const m = mean(xs);
    const nEff = effectiveN(xs);
    return { mean: m, varOfMean: variance(xs, m) / nEff, df: nEff - 1 };
  };
  const a = side(base);
  const b = side(cand);
  if (a.df + 1 < MIN_EFFECTIVE || b.df + 1 < MIN_EFFECTIVE) return tooFew(base, cand, nRuns, nSeconds, 'welch-seconds-ar1');
  return tVerdict(a, b, welchDf(a, b), { method: 'welch-seconds-ar1', nRuns, nSeconds });
}
