import { describe, expect, it } from 'vitest';
import { createHistogram, recordUs } from '../../app/metrics/histogram';
import { latencyStats } from '../../app/metrics/latency-stats';
import * as hdr from 'hdr-histogram-js';
import type { Histogram } from 'hdr-histogram-js';

/** What the library's own getters say: the figures latencyStats must equal to the last bit. */
function libraryStats(h: Histogram) {
  return {
    mean: h.mean,
    p50: h.getValueAtPercentile(50),
    p90: h.getValueAtPercentile(90),
    p95: h.getValueAtPercentile(95),
    p99: h.getValueAtPercentile(99),
    p999: h.getValueAtPercentile(99.9),
    max: h.maxValue,
  };
}

function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('latencyStats (one pass over the buckets)', () => {
  const shapes: [string, (r: () => number) => number][] = [
    ['uniform 0-10 ms', (r) => r() * 10_000],
    ['long tail', (r) => 200 + 1e6 * r() ** 8],
    ['tiny values and zeros', (r) => Math.floor(r() * 3)],
    ['huge values', (r) => 1e8 + r() * 4e8],
  ];
  for (const [name, draw] of shapes) {
    for (const n of [1, 2, 7, 1000, 54_321]) {
      it(`equals the library's percentiles and mean: ${name}, ${n} values`, () => {
        const r = seeded(n * 31 + name.length);
        const h = createHistogram();
        for (let i = 0; i < n; i++) recordUs(h, draw(r));
        const fast = latencyStats(h);
        expect(fast.count).toBe(n);
        expect({ mean: fast.mean, p50: fast.p50, p90: fast.p90, p95: fast.p95, p99: fast.p99, p999: fast.p999, max: fast.max }).toEqual(
          libraryStats(h),
        );
        h.destroy();
      });
    }
  }

  it('an empty histogram gives zeros', () => {
    const h = createHistogram();
    expect(latencyStats(h)).toEqual({ count: 0, min: 0, mean: 0, p50: 0, p90: 0, p95: 0, p99: 0, p999: 0, max: 0 });
  });

  it("equals the library for a histogram with coarser units (a run file's, say), through the library's own bucket arithmetic", () => {
    const h = hdr.build({
      lowestDiscernibleValue: 1000,
      highestTrackableValue: 1e9,
      numberOfSignificantValueDigits: 2,
      useWebAssembly: false,
    });
    expect((h as unknown as { unitMagnitude: number }).unitMagnitude).toBeGreaterThan(0);
    const r = seeded(7);
    for (let i = 0; i < 5000; i++) h.recordValue(Math.floor(1000 + 1e7 * r() ** 4));
    const fast = latencyStats(h);
    expect({ mean: fast.mean, p50: fast.p50, p90: fast.p90, p95: fast.p95, p99: fast.p99, p999: fast.p999, max: fast.max }).toEqual(
      libraryStats(h),
    );
  });

  it("equals the library for 1-unit buckets past 2^31 (a range wider than createHistogram's), where a shift would overflow", () => {
    const h = hdr.build({
      lowestDiscernibleValue: 1,
      highestTrackableValue: 2 ** 45,
      numberOfSignificantValueDigits: 3,
      useWebAssembly: false,
    });
    expect((h as unknown as { unitMagnitude: number }).unitMagnitude).toBe(0);
    const r = seeded(11);
    for (let i = 0; i < 3000; i++) h.recordValue(Math.floor(2 ** (10 + 34 * r())));
    const fast = latencyStats(h);
    expect(fast.max).toBeGreaterThan(2 ** 42);
    expect({ mean: fast.mean, p50: fast.p50, p90: fast.p90, p95: fast.p95, p99: fast.p99, p999: fast.p999, max: fast.max }).toEqual(
      libraryStats(h),
    );
  });

  it('percentiles are ordered and lie within the recorded range', () => {
    const h = createHistogram();
    for (const v of [5, 5, 5, 900, 901, 250_000]) recordUs(h, v);
    const s = latencyStats(h);
    expect(s.min).toBe(5);
    expect(s.p50).toBeLessThanOrEqual(s.p90);
    expect(s.p90).toBeLessThanOrEqual(s.p99);
    expect(s.p999).toBeGreaterThanOrEqual(250_000 * 0.999);
  });
});
