import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../app/metrics/outcome';
import type { Summary } from '../../app/metrics/summary';
import { parseScenario } from '../../app/scenario/schema';
import { runCapacity, type RunStep } from '../../main/capacity/capacity-loop';
import { EXIT_DEGRADED } from '../../main/exit-codes';

const CAPACITY = 700;

/** A step's summary: what the rate reached, its outcome, no thresholds missed. */
function stepSummary(achieved: number, outcome: Outcome['kind'], reason = ''): Summary {
  const latency = { count: 1000, min: 100, mean: 500, p50: 500, p90: 800, p95: 900, p99: 1000, p999: 2000, max: 3000 };
  const total = {
    ops: achieved * 10,
    errors: 0,
    timeouts: 0,
    notFound: 0,
    opsPerSec: { mean: achieved, median: achieved, min: 0, max: achieved },
    latency,
    buckets: {},
  };
  return {
    status: 'done',
    seconds: 10,
    ops: { get: total },
    total,
    bytesInPerSec: 0,
    bytesOutPerSec: 0,
    peakRss: {},
    warmup: { seconds: 2, ops: 0, errors: 0 },
    saturatedSeconds: 0,
    outcome: { kind: outcome, reason, fullStrengthSeconds: 10, errorRate: outcome === 'done' ? 0 : 0.05 },
    thresholds: [],
  } as unknown as Summary;
}

const base = parseScenario({ target: { kind: 'builtin-kv' } });

describe('the capacity loop', () => {
  it('judges a step with more errors than its scenario allows as not held, and goes on', async () => {
    // Past its capacity the server times operations out: the step ends "done with errors", a step that did not hold.
    const step: RunStep = async (s) =>
      s.rate === undefined || s.rate <= CAPACITY
        ? { summary: stepSummary(Math.min(s.rate ?? 1000, CAPACITY), 'done'), file: null }
        : { summary: stepSummary(CAPACITY, 'done with errors', '5.0 % of operations failed'), file: null };
    const found = await runCapacity(base, { p99Ms: 10 }, 1, step, () => undefined);
    if (typeof found === 'number') throw new Error(`the search ended with ${found}`);
    expect(found.answer.capacity!.achieved).toBeLessThanOrEqual(CAPACITY);
    expect(found.answer.failedAt!.why).toBe('done with errors (5.0 % of operations failed)');
    expect(found.answer.ended).toBe('edge found');
  });

  it('ends the search with the exit code of a step that did not end cleanly', async () => {
    const found = await runCapacity(
      base,
      { p99Ms: 10 },
      1,
      async () => EXIT_DEGRADED,
      () => undefined,
    );
    expect(found).toBe(EXIT_DEGRADED);
  });
});
