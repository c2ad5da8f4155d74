/**
 * Two-sided Mann-Whitney U test: do two samples come from one distribution?
 * Used on per-second throughput and p99 of two runs, as benchstat does, since
 * seconds of a benchmark are neither normal nor independent of warm-up drift
 * in a way a t-test would tolerate.
 */
export const SIGNIFICANCE = 0.05;
/**
 * Up to this many values per side without ties, p comes from the exact null
 * distribution of U (counted by dynamic programming); above it, or with ties,
 * from the normal approximation with tie and continuity corrections.
 */
const EXACT_MAX_N = 25;

interface UTest {
  /** U of the first sample: pairs (a, b) with a > b, ties counting one half. */
  u: number;
  /** The smaller of the two U statistics. */
  uMin: number;
  p: number;
  method: 'exact' | 'normal';
  n1: number;
  n2: number;
}

/** Average ranks (1-based) of `values`, ties sharing the mean of their ranks, and Σ(t³ − t) over tie groups. */
export function ranks(values: readonly number[]): { ranks: number[]; tieTerm: number } {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const out = new Array<number>(values.length);
  let tieTerm = 0;
  for (let start = 0; start < order.length;) {
    let end = start + 1;
    while (end < order.length && order[end].v === order[start].v) end++;
    const rank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) out[order[k].i] = rank;
    const t = end - start;
    tieTerm += t * t * t - t;
    start = end;
  }
  return { ranks: out, tieTerm };
}

export function mannWhitney(a: readonly number[], b: readonly number[]): UTest {
  const n1 = a.length;
  const n2 = b.length;
  if (n1 === 0 || n2 === 0) throw new Error(`Mann-Whitney needs values on both sides (got ${n1} and ${n2})`);
  const { ranks: r, tieTerm } = ranks([...a, ...b]);
  let r1 = 0;
  for (let i = 0; i < n1; i++) r1 += r[i];
  const u = r1 - (n1 * (n1 + 1)) / 2;
  const uMin = Math.min(u, n1 * n2 - u);
  if (tieTerm === 0 && n1 <= EXACT_MAX_N && n2 <= EXACT_MAX_N) {
    return { u, uMin, p: Math.min(1, 2 * exactCdf(n1, n2, uMin)), method: 'exact', n1, n2 };
  }
  const n = n1 + n2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance <= 0) return { u, uMin, p: 1, method: 'normal', n1, n2 };
  const z = Math.max(0, Math.abs(u - (n1 * n2) / 2) - 0.5) / Math.sqrt(variance);
  return { u, uMin, p: Math.min(1, 2 * normalUpperTail(z)), method: 'normal', n1, n2 };
}

/** P(U ≤ k) under the null for sizes n1, n2 without ties. */
function exactCdf(n1: number, n2: number, k: number): number {
  const dist = exactDistribution(n1, n2);
  let total = 0;
  let below = 0;
  for (let u = 0; u < dist.length; u++) {
    total += dist[u];
    if (u <= k) below += dist[u];
  }
  return below / total;
}

/**
 * The null distribution of U for sizes n1, n2 without ties: element u is the
 * number of the C(n1 + n2, n1) orderings with U = u. counts[j][u] holds, for
 * the current i, the orderings of i and j values with U = u.
 */
function exactDistribution(n1: number, n2: number): Float64Array {
  const max = n1 * n2;
  let prev: Float64Array[] = Array.from({ length: n2 + 1 }, () => {
    const row = new Float64Array(max + 1);
    row[0] = 1;
    return row;
  });
  for (let i = 1; i <= n1; i++) {
    const cur: Float64Array[] = [];
    const first = new Float64Array(max + 1);
    first[0] = 1;
    cur.push(first);
    for (let j = 1; j <= n2; j++) {
      const row = new Float64Array(max + 1);
      // The largest of the i + j values is an "a" (adds j to U) or a "b".
      const withA = prev[j];
      const withB = cur[j - 1];
      for (let u = 0; u <= i * j; u++) row[u] = (u >= j ? withA[u - j] : 0) + withB[u];
      cur.push(row);
    }
    prev = cur;
  }
  return prev[n2];
}

/** Each tail of a two-sided 95 % interval. */
const TAIL_95 = 0.025;
/** The standard normal's 97.5th percentile: the two-sided 95 % bound. */
const Z_975 = 1.959963984540054;

/**
 * The largest u with P(U ≤ u) ≤ 2.5 % under the null (exact for small
 * samples, the normal approximation above), or -1 when even U = 0 is more
 * likely than that: the cut, at each end of the sorted pairwise differences,
 * of a 95 % confidence interval for the shift (Hodges-Lehmann).
 */
export function lowerCritical95(n1: number, n2: number): number {
  if (n1 <= EXACT_MAX_N && n2 <= EXACT_MAX_N) {
    const dist = exactDistribution(n1, n2);
    let total = 0;
    for (const c of dist) total += c;
    let below = 0;
    for (let u = 0; u < dist.length; u++) {
      below += dist[u];
      if (below / total > TAIL_95) return u - 1;
    }
    return dist.length - 1;
  }
  const n = n1 * n2;
  // P(U ≤ u) ≈ Φ((u + 0.5 − n/2) / σ), with the continuity correction.
  return Math.max(-1, Math.floor(n / 2 - Z_975 * Math.sqrt((n * (n1 + n2 + 1)) / 12) - 0.5));
}

/** 1 − Φ(z): the standard normal's upper tail. */
export function normalUpperTail(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

/** Complementary error function, Numerical Recipes' Chebyshev fit (fractional error below 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/**
 * The smallest two-sided p the exact test can give for sizes n1 and n2: both
 * samples entirely apart, 2 of the C(n1+n2, n1) equally likely orderings.
 * When it is not below the significance level, no data of these sizes can
 * show a change, and saying "no change" would be a claim the test cannot make.
 */
export function smallestP(n1: number, n2: number): number {
  let orderings = 1;
  for (let k = 1; k <= Math.min(n1, n2); k++) orderings = (orderings * (n1 + n2 - Math.min(n1, n2) + k)) / k;
  return Math.min(1, 2 / orderings);
}

/** The fewest values per side with which the test can reach `alpha` (4 at 0.05: 2/70 = 0.029). */
export function neededPerSide(alpha = SIGNIFICANCE): number {
  let n = 1;
  while (smallestP(n, n) >= alpha) n++;
  return n;
}
