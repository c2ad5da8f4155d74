import { describe, expect, it } from 'vitest';
import {
  createHistogram,
  cumulativeBuckets,
  decodeHistogram,
  encodeHistogram,
  HIGHEST_US,
  latencyStats,
  mergeEncoded,
  recordUs,
  type Histogram,
} from '../../app/metrics/histogram';
import { exactPercentile, expectHdr, histOf, rep, seededValues } from './helpers';

function histWith(values: readonly number[]): Histogram {
  const h = createHistogram();
  for (const v of values) recordUs(h, v);
  return h;
}

const PCTS = [50, 90, 95, 99, 99.9] as const;
const KEY = { 50: 'p50', 90: 'p90', 95: 'p95', 99: 'p99', 99.9: 'p999' } as const;

/** Every field of latencyStats against the exact statistics of the list. */
function expectStatsOf(h: Histogram, values: readonly number[]): void {
  const s = latencyStats(h);
  expect(s.count).toBe(values.length);
  for (const p of PCTS) expectHdr(s[KEY[p]], exactPercentile(values, p));
  expectHdr(s.max, Math.max(...values));
  expectHdr(s.min, Math.min(...values.filter((v) => v > 0)));
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  expect(Math.abs(s.mean - mean)).toBeLessThanOrEqual(mean * 0.001 + 1);
}

describe('recording', () => {
  it('reads exact percentiles of known small values (exact below 2048 µs)', () => {
    const values = Array.from({ length: 1000 }, (_, i) => i + 1); // 1..1000 µs
    const h = histWith(values);
    const s = latencyStats(h);
    expect(s.count).toBe(1000);
    expect(s.p50).toBe(500);
    expect(s.p90).toBe(900);
    expect(s.p99).toBe(990);
    expect(s.p999).toBe(999);
    expect(s.min).toBe(1);
    expect(s.max).toBe(1000);
    expect(s.mean).toBeCloseTo(500.5, 6);
    h.destroy();
  });

  it('stays within 0.1% over a wide range of values', () => {
    const values = [...seededValues(1, 5000, 50, 5_000), ...seededValues(2, 500, 10_000, 2_000_000)];
    const h = histWith(values);
    expectStatsOf(h, values);
    h.destroy();
  });

  it('rounds fractional microseconds and records non-positive values as 0', () => {
    const h = createHistogram();
    recordUs(h, 10.4);
    recordUs(h, 10.6);
    recordUs(h, -5);
    recordUs(h, 0);
    expect(h.totalCount).toBe(4);
    expect(h.maxValue).toBe(11);
    expect(latencyStats(h).min).toBe(10);
    h.destroy();
  });

  it('clamps values above HIGHEST_US instead of throwing', () => {
    const h = createHistogram();
    expect(() => recordUs(h, HIGHEST_US * 10)).not.toThrow();
    expect(() => recordUs(h, 1e15)).not.toThrow();
    expect(() => recordUs(h, Number.MAX_SAFE_INTEGER)).not.toThrow();
    recordUs(h, 100);
    expect(h.totalCount).toBe(4);
    expectHdr(h.maxValue, HIGHEST_US);
    expect(h.maxValue).toBeLessThanOrEqual(HIGHEST_US * 1.001);
    // and a clamped histogram still encodes and merges
    const merged = mergeEncoded([encodeHistogram(h), histOf([HIGHEST_US + 1])]);
    expect(merged.totalCount).toBe(5);
    h.destroy();
    merged.destroy();
  });

  it('reports zeros for an empty histogram', () => {
    const h = createHistogram();
    expect(latencyStats(h)).toEqual({ count: 0, min: 0, mean: 0, p50: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0 });
    h.destroy();
  });
});

describe('encode / decode', () => {
  it('round trip keeps the count and every percentile', () => {
    const values = [...seededValues(7, 3000, 100, 20_000), 250_000, 1_000_000];
    const h = histWith(values);
    const before = latencyStats(h);
    const back = decodeHistogram(encodeHistogram(h));
    const after = latencyStats(back);
    // Percentiles and count survive exactly; an added histogram knows its max
    // only to its bucket (HDR's 0.1%), not to the recorded microsecond.
    expect({ ...after, max: 0 }).toEqual({ ...before, max: 0 });
    expectHdr(after.max, before.max);
    expectStatsOf(back, values);
    h.destroy();
    back.destroy();
  });

  it('round trips an empty histogram', () => {
    const back = decodeHistogram(histOf([]));
    expect(back.totalCount).toBe(0);
    expect(latencyStats(back).p99).toBe(0);
    back.destroy();
  });

  it('a decoded histogram can take values over the whole range afterwards', () => {
    const back = decodeHistogram(histOf([5, 6, 7]));
    expect(() => recordUs(back, HIGHEST_US)).not.toThrow();
    expect(back.totalCount).toBe(4);
    back.destroy();
  });
});

describe('mergeEncoded', () => {
  it('equals one histogram that recorded every value', () => {
    const parts = [seededValues(11, 2000, 100, 900), seededValues(12, 500, 1_000, 50_000), seededValues(13, 50, 100_000, 900_000), []];
    const all = parts.flat();
    const merged = mergeEncoded(parts.map(histOf));
    const one = histWith(all);
    const m = latencyStats(merged);
    const o = latencyStats(one);
    expect(m.count).toBe(o.count);
    expect(m.count).toBe(all.length);
    expect(m.p50).toBe(o.p50);
    expect(m.p99).toBe(o.p99);
    expect(m.p999).toBe(o.p999);
    expectHdr(m.max, o.max);
    expect(m.min).toBe(o.min);
    // and both agree with the exact statistics of the concatenated list
    expectStatsOf(merged, all);
    merged.destroy();
    one.destroy();
  });

  it('never averages: percentiles of a skewed merge differ from the mean of per-source percentiles', () => {
    // Worker A: 1000 fast ops at 100 µs. Worker B: 10 slow ops at 100 ms.
    const a = rep(100, 1000);
    const b = rep(100_000, 10);
    const all = [...a, ...b];
    const merged = latencyStats(mergeEncoded([histOf(a), histOf(b)]));
    const pa = latencyStats(mergeEncoded([histOf(a)]));
    const pb = latencyStats(mergeEncoded([histOf(b)]));

    // exact: rank ceil(0.99 * 1010) = 1000 is still a fast op; rank 1009 (p99.9) is slow.
    expectHdr(merged.p99, exactPercentile(all, 99));
    expectHdr(merged.p50, exactPercentile(all, 50));
    expectHdr(merged.p999, exactPercentile(all, 99.9));
    expect(exactPercentile(all, 99)).toBe(100);
    expect(exactPercentile(all, 99.9)).toBe(100_000);

    const averagedP99 = (pa.p99 + pb.p99) / 2; // ~50 ms: what averaging would claim
    const averagedP50 = (pa.p50 + pb.p50) / 2;
    expect(Math.abs(merged.p99 - averagedP99)).toBeGreaterThan(40_000);
    expect(Math.abs(merged.p50 - averagedP50)).toBeGreaterThan(40_000);
    expect(merged.count).toBe(1010);
  });

  it('of nothing is an empty histogram', () => {
    const m = mergeEncoded([]);
    expect(m.totalCount).toBe(0);
    m.destroy();
  });
});

describe('cumulativeBuckets', () => {
  const BOUNDS = [1, 2, 4, 8, 16];
  function exactShares(values: readonly number[]): number[] {
    return BOUNDS.map((ms) => values.filter((v) => v <= ms * 1000).length / values.length);
  }

  it('matches exact fractions for values between the bounds', () => {
    // 100 values 0.25 ms, 0.75 ms, ... 49.75 ms: none on a bound.
    const values = Array.from({ length: 100 }, (_, i) => 250 + i * 500);
    const got = cumulativeBuckets(histWith(values), BOUNDS);
    const want = exactShares(values);
    expect(got.boundsMs).toEqual(BOUNDS);
    want.forEach((w, i) => expect(got.shares[i], `${BOUNDS[i]} ms`).toBeCloseTo(w, 12));
    // sanity of the independent computation itself
    expect(want).toEqual([0.02, 0.04, 0.08, 0.16, 0.32]);
  });

  it('matches exact fractions for 100 values 0.5 ms..50 ms (a value exactly on a bound is within it)', () => {
    const values = Array.from({ length: 100 }, (_, i) => (i + 1) * 500); // 0.5, 1.0, ... 50 ms
    expect(cumulativeBuckets(histWith(values), BOUNDS)).toEqual({ boundsMs: BOUNDS, shares: [0.02, 0.04, 0.08, 0.16, 0.32] });
  });

  it('takes any bounds, below a millisecond too', () => {
    const values = [40, 60, 90, 150, 400]; // µs
    expect(cumulativeBuckets(histWith(values), [0.05, 0.1, 0.2, 0.5]).shares).toEqual([0.2, 0.6, 0.8, 1]);
  });

  it('is cumulative and reaches 1 when everything is fast', () => {
    const values = seededValues(3, 1000, 10, 900);
    expect(cumulativeBuckets(histWith(values), BOUNDS).shares).toEqual([1, 1, 1, 1, 1]);
    const seq = cumulativeBuckets(histWith(seededValues(4, 1000, 10, 40_000)), BOUNDS).shares;
    for (let i = 1; i < seq.length; i++) expect(seq[i]).toBeGreaterThanOrEqual(seq[i - 1]);
  });

  it('is all zeros for an empty histogram', () => {
    expect(cumulativeBuckets(createHistogram(), BOUNDS).shares).toEqual([0, 0, 0, 0, 0]);
  });
});
