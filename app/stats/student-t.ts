/**
 * Student's t distribution: the two-sided tail and the quantile, for the
 * tests on run means and on dependent seconds (app/stats/verdict.ts). Written
 * from the textbook relation P(|T| > t) = I_x(df/2, 1/2) with x = df/(df+t²),
 * the regularized incomplete beta evaluated by its continued fraction.
 */

/** Continued-fraction terms before giving up: it converges in a few dozen for any df a comparison meets. */
const MAX_TERMS = 300;
const EPS = 1e-14;
/** Guards the continued fraction's divisions against an exact zero. */
const TINY = 1e-300;

/** ln Γ(x) for x > 0 (Lanczos approximation, g = 7, nine coefficients). */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let a = c[0];
  const t = z + 7.5;
  for (let i = 1; i < c.length; i++) a += c[i] / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The continued fraction of I_x(a, b), by the modified Lentz method. */
function betaFraction(x: number, a: number, b: number): number {
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_TERMS; m++) {
    const m2 = 2 * m;
    for (const num of [(m * (b - m) * x) / ((a + m2 - 1) * (a + m2)), (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1))]) {
      d = 1 + num * d;
      if (Math.abs(d) < TINY) d = TINY;
      c = 1 + num / c;
      if (Math.abs(c) < TINY) c = TINY;
      d = 1 / d;
      h *= d * c;
    }
    if (Math.abs(d * c - 1) < EPS) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The fraction converges fast only below the mean; above it, use the symmetry I_x(a, b) = 1 − I_(1−x)(b, a).
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

/** P(|T| ≥ |t|) for T with `df` degrees of freedom (df may be fractional, as Welch's is). */
export function tTwoSided(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  return Math.min(1, incompleteBeta(df / (df + t * t), df / 2, 0.5));
}

/** Bisection steps for the quantile: halves a bracket of 1e6 down to far below any printed digit. */
const QUANTILE_STEPS = 200;
const QUANTILE_MAX = 1e6;

/** The t such that P(|T| ≥ t) = `twoSided` (e.g. 0.05 for a 95 % interval's half-width in standard errors). */
export function tQuantileTwoSided(twoSided: number, df: number): number {
  let lo = 0;
  let hi = QUANTILE_MAX;
  for (let i = 0; i < QUANTILE_STEPS && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (tTwoSided(mid, df) > twoSided) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
