import { describe, expect, it } from 'vitest';
import { badBounds, boundLabel, bucketRows, fitBounds } from '../../app/metrics/latency-buckets';
import { cumulativeBuckets, createHistogram } from '../../app/metrics/histogram';
import { parseScenario, ScenarioError } from '../../app/scenario/schema';

function histWith(values: readonly number[]) {
  const h = createHistogram();
  for (const v of values) h.recordValue(v);
  return h;
}

describe('latency buckets that fit the run', () => {
  it('a kv-async run of 100-300 ms: bounds around it, shares that are not all 0%', () => {
    const values = Array.from({ length: 1000 }, (_, i) => 100_000 + i * 200); // 100..299.8 ms
    const bounds = fitBounds(100_000, 299_800);
    expect(bounds).toEqual([50, 100, 200, 500, 1000]);
    const { shares } = cumulativeBuckets(histWith(values), bounds);
    expect(shares[2]).toBeGreaterThan(0.4);
    expect(shares[2]).toBeLessThan(0.6);
    expect(shares[3]).toBe(1);
  });

  it('a 50 µs Redis run: bounds below a millisecond, shares that are not all 100%', () => {
    const values = Array.from({ length: 1000 }, (_, i) => 30 + (i % 90)); // 30..119 µs
    const bounds = fitBounds(30, 119);
    expect(bounds).toEqual([0.01, 0.02, 0.05, 0.1, 0.2]);
    const { shares } = cumulativeBuckets(histWith(values), bounds);
    expect(shares[0]).toBe(0);
    expect(shares[2]).toBeCloseTo(21 / 90, 1); // 30..50 µs of 30..119 (to the histogram's resolution)
    expect(shares[4]).toBe(1);
  });

  it('thins a wide range to 5 evenly spaced steps, first and last kept', () => {
    expect(fitBounds(1, 2_000_000)).toEqual([0.001, 0.05, 2, 50, 2000]);
  });

  it('starts at 1 µs at the lowest, widening upwards', () => {
    expect(fitBounds(0, 1)).toEqual([0.001, 0.002, 0.005, 0.01, 0.02]);
  });

  it('labels bounds in µs, ms or s', () => {
    expect([0.05, 0.2, 1, 200, 2000].map(boundLabel)).toEqual(['≤ 50 µs', '≤ 200 µs', '≤ 1 ms', '≤ 200 ms', '≤ 2 s']);
  });

  it('reads the fixed buckets of older run files', () => {
    expect(bucketRows({ le1ms: 0.5, le2ms: 0.6, le4ms: 0.7, le8ms: 0.8, le16ms: 1 }).map((r) => r.boundMs)).toEqual([1, 2, 4, 8, 16]);
  });

  it("takes a scenario's own bounds, and names the field and the reason when they are wrong", () => {
    expect(parseScenario({ target: { kind: 'builtin-kv' }, latencyBucketsMs: [0.5, 1, 5] }).latencyBucketsMs).toEqual([0.5, 1, 5]);
    expect(badBounds([2, 1])).toMatch(/ascending/);
    expect(badBounds([])).toMatch(/between 1 and 8/);
    expect(badBounds([0, 1])).toMatch(/positive/);
    try {
      parseScenario({ target: { kind: 'builtin-kv' }, latencyBucketsMs: [5, 1] });
      throw new Error('accepted');
    } catch (err) {
      expect(err).toBeInstanceOf(ScenarioError);
      expect((err as ScenarioError).errors).toEqual([
        { field: 'latencyBucketsMs', reason: 'needs bounds in ascending order, each larger than the one before' },
      ]);
    }
  });
});
