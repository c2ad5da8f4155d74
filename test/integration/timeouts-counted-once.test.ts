import { describe, expect, it } from 'vitest';
import { findScenario } from '../../app/scenario/catalog';
import type { Sample } from '../../app/metrics/sample';
import type { ScenarioInput } from '../../app/scenario/schema';
import { runScenario, waitGone } from '../helpers/run';

/**
 * End to end: the built-in HTTP client's deadline is opTimeoutMs itself, so
 * its timeouts fire from a timer, and a watchdog scan due in the same timers
 * phase must not count such an operation a second time (the unit tests are
 * test/unit/loop-timeout.test.ts).
 *
 * kv-async as the catalog gives it (8 workers, the seed's 2000-element values,
 * nTimes 30), but 256 in flight per worker: its one server process then has
 * 2048 requests at once, so every GET and nearly every PUT outlives
 * OP_TIMEOUT_MS. Eight workers and the server on a few cores keep each
 * worker's event loop late, so a watchdog scan comes due behind a batch of
 * the client's deadlines. The run's budget (totalOps) is the independent
 * count of operations started: the loop stops starting them once it is spent,
 * whatever it counted. A double count mid-run is hidden (the retired slot's
 * next operation takes budget and is never counted), one in the last batch is
 * not: without the fix 21 runs of 21 failed, all but one in the first round,
 * counting 4,097 to 4,241 outcomes for 4,096 operations; with it, 4,096.
 */
const IN_FLIGHT = 256;
/** Below the server's PUT and GET latency at this load; the workers' connect probe has this deadline too, and at 50 or 100 ms a loaded machine failed it. */
const OP_TIMEOUT_MS = 500;
/** Each slot's PUT and its first GET: the budget ends with a batch of GETs timing out together. */
const OPS_PER_SLOT = 2;
/** Ends the run if the budget is not spent, which the test then reports; a round takes about 3 s. */
const TIME_LIMIT_SECONDS = 10;
/** Independent rounds: the race needs a watchdog due right behind a batch of deadlines, which a round may miss. */
const ROUNDS = 2;

/** The catalog entry, its load raised; `started` is its budget, the operations its workers may start. */
function scenario(): { input: ScenarioInput; workers: number; started: number } {
  const s = findScenario('kv-async');
  if (!s) throw new Error('no catalog entry kv-async');
  const workers = s.workers ?? 1;
  const started = workers * IN_FLIGHT * OPS_PER_SLOT;
  // No warm-up: every operation started is one of the measured phase's, within its budget.
  const input = {
    ...s,
    inFlight: IN_FLIGHT,
    opTimeoutMs: OP_TIMEOUT_MS,
    warmupSeconds: 0,
    durationSeconds: TIME_LIMIT_SECONDS,
    totalOps: started,
  };
  return { input, workers, started };
}

/** Every outcome a second counted: answers (found or not), errors, timeouts and unreachable. */
function outcomes(s: Sample): number {
  return Object.values(s.ops).reduce((a, o) => a + o.count + o.errors + o.timeouts + (o.unavailable ?? 0), 0);
}

describe('kv-async with operations slower than opTimeoutMs', () => {
  it('counts each operation started exactly once, and main keeps every worker second', async () => {
    const { input, workers, started } = scenario();
    for (let round = 0; round < ROUNDS; round++) {
      const { summary, samples, logs, run } = await runScenario(input);
      // The run has stopped its workers and its server on every path; this checks they are gone.
      expect(await waitGone([...run.workerPids, ...(run.targetPid ? [run.targetPid] : [])], 5000)).toEqual([]);
      expect(logs.filter((l) => l.level === 'error').map((l) => l.message)).toEqual([]);
      expect(logs.filter((l) => /sent a bad message/.test(l.message)).map((l) => l.message)).toEqual([]);
      // The loop stopped on its budget, before the time limit: exactly `started` operations began.
      expect(samples.length).toBeGreaterThan(0);
      expect(samples.length).toBeLessThan(TIME_LIMIT_SECONDS);
      expect(samples[samples.length - 1].covered).toBeLessThan(1);
      // Every second, in order, each with a tick from every worker still running in it.
      expect(samples.map((s) => s.second)).toEqual(samples.map((_, k) => k));
      expect(samples.every((s) => s.phase === 'run')).toBe(true);
      expect(samples[0].workers.map((w) => w.id).sort((a, b) => a - b)).toEqual([...Array(workers).keys()]);
      for (const [k, s] of samples.entries()) {
        expect(s.strength, `second ${k}`).toEqual({ expected: s.workers.length, reporting: s.workers.length });
        // A worker that reported in a second reported in every second before it.
        for (const w of s.workers)
          expect(samples[k - 1]?.workers.some((x) => x.id === w.id) ?? true, `worker ${w.id} second ${k}`).toBe(true);
      }
      // The GETs did outlive the timeout: most of the run's outcomes are timeouts.
      expect(summary.ops.get.timeouts).toBeGreaterThan(0);
      expect(summary.total.timeouts).toBeGreaterThan(started / 2);
      // One outcome per operation started.
      const t = summary.total;
      expect({ round, counted: t.ops + t.errors + t.timeouts + (t.unavailable ?? 0) }).toEqual({ round, counted: started });
      expect(samples.reduce((a, s) => a + outcomes(s), 0)).toBe(started);
    }
  }, 60_000);
});
