import { describe, expect, it } from 'vitest';
import { judgeThresholds, thresholdMisses, thresholdText, ThresholdsSchema } from '../../app/metrics/thresholds';
import { validateScenario } from '../../app/scenario/schema';
import { findScenario } from '../../app/scenario/catalog';
import type { OpSummary } from '../../app/metrics/summary';

/** A measured run's total: p99 2.5 ms, p99.9 4 ms, 1,000 ops/s on average. */
const total = (count = 10_000): OpSummary => ({
  ops: count,
  errors: 0,
  timeouts: 0,
  notFound: 0,
  opsPerSec: { mean: 1000, median: 1000, min: 900, max: 1100 },
  latency: { count, min: 100, mean: 800, p50: 700, p90: 1500, p95: 2000, p99: 2500, p999: 4000, max: 9000 },
  buckets: { boundsMs: [1], shares: [1] },
});

describe('thresholds', () => {
  it('judge each mark on the measured run: ceilings at or below, the floor at or above', () => {
    const r = judgeThresholds({ p99Ms: 2, p999Ms: 4, errorRate: 0.001, minOpsPerSec: 1200 }, total(), 0.002, 10);
    expect(r.map((x) => [x.name, x.actual, x.passed])).toEqual([
      ['p99Ms', 2.5, false],
      ['p999Ms', 4, true],
      ['errorRate', 0.002, false],
      ['minOpsPerSec', 1000, false],
    ]);
    expect(thresholdMisses(r)).toBe('p99 2.5 ms > 2 ms; error rate 0.200% > 0.100%; ops/s 1000 ops/s < 1200 ops/s');
    expect(thresholdText(r[1])).toBe('p99.9 4 ms ≤ 4 ms');
  });

  it('fail a latency mark when nothing was answered, and set none when the scenario sets none', () => {
    const r = judgeThresholds({ p99Ms: 2 }, total(0), 1, 10);
    expect(r).toEqual([{ name: 'p99Ms', limit: 2, actual: null, passed: false }]);
    expect(thresholdText(r[0])).toBe('p99: no measured figure (limit 2 ms)');
    expect(judgeThresholds(undefined, total(), 0, 10)).toEqual([]);
  });

  it('are part of the scenario, each field checked by name', () => {
    const kv = findScenario('kv-async') as unknown as Record<string, unknown>;
    const ok = validateScenario({ ...kv, thresholds: { p99Ms: 2, errorRate: 0.001 } });
    expect(ok.ok && ok.scenario.thresholds).toEqual({ p99Ms: 2, errorRate: 0.001 });
    const bad = validateScenario({ ...kv, thresholds: { p99Ms: -1, p95Ms: 3 } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((e) => e.field).sort()).toEqual(['thresholds.p95Ms', 'thresholds.p99Ms']);
    expect(ThresholdsSchema.safeParse({}).success).toBe(false);
  });
});
