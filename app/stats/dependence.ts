/**
 * How many independent values a series of dependent seconds is worth. A
 * benchmark's second resembles the one before (a GC, a compaction, a
 * neighbour's burst lasts longer than a second), so n seconds carry less
 * evidence than n independent draws: under a first-order autoregression with
 * lag-1 correlation ρ the variance of the mean is σ²/n × (1 + ρ)/(1 − ρ),
 * which is σ²/n_eff with n_eff = n (1 − ρ)/(1 + ρ).
 */

/** Above this the series is a drift, not noise around a level: n_eff is then a handful whatever the estimate says. */
export const MAX_LAG1 = 0.95;

const mean = (xs: readonly number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;

/**
 * The lag-1 autocorrelation of `xs`, corrected for the estimate's downward
 * bias in short series (Kendall: E[r₁] ≈ ρ − (1 + 4ρ)/n), and kept within
 * [0, MAX_LAG1]: a negative estimate counts as none, which never makes the
 * seconds worth more than independent ones.
 */
export function lag1(xs: readonly number[]): number {
  const n = xs.length;
  if (n < 3) return 0;
  const m = mean(xs);
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    const d = xs[i] - m;
    den += d * d;
    if (i + 1 < n) num += d * (xs[i + 1] - m);
  }
  if (den === 0) return 0;
  const r = num / den;
  return Math.min(MAX_LAG1, Math.max(0, r + (1 + 4 * r) / n));
}

/** The series' effective sample size, n (1 − ρ)/(1 + ρ), at least 1 (it is never worth less than one value). */
export function effectiveN(xs: readonly number[]): number {
  const rho = lag1(xs);
  return Math.max(1, (xs.length * (1 - rho)) / (1 + rho));
}
