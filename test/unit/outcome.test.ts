import { describe, expect, it } from 'vitest';
import { decideOutcome, DEFAULT_MAX_ERROR_RATE, outcomeOf, type OutcomeInput } from '../../app/metrics/outcome';
import { mergeTicks } from '../../app/metrics/merge-ticks';
import { type Sample } from '../../app/metrics/sample';
import { summarize, type Summary } from '../../app/metrics/summary';
import { parseRun } from '../../app/run/reader';
import { validateScenario } from '../../app/scenario/schema';
import { fixtureRun, steady } from './run-fixture';
import { runText } from './run-builders';
import { tick } from './helpers';

const clean: OutcomeInput = {
  status: 'done',
  measuredSeconds: 10,
  fullStrengthSeconds: 10,
  ops: 10_000,
  errors: 0,
  timeouts: 0,
  workers: 2,
};

/** `n` seconds of one worker's get ticks: `ok` answered, `errors` failed per second; the second's expected workers given. */
function seconds(n: number, ok: number, errors = 0, expected = 1, reporting = [0]): Sample[] {
  return Array.from({ length: n }, (_, k) =>
    mergeTicks(
      k,
      'run',
      k * 1000,
      reporting.map((w) => tick(w, k, { get: { values: Array(ok).fill(200), errors } })),
      [],
      expected,
    ),
  );
}

describe('decideOutcome', () => {
  it('a clean run is done, with no reason', () => {
    expect(decideOutcome(clean)).toMatchObject({ kind: 'done', reason: '', fullStrengthSeconds: 10, errorRate: 0 });
  });

  it('errors and timeouts above 1 % of all operations make it done with errors; at the threshold it is done', () => {
    // 100 failed of 10 000 attempted is exactly 1 %.
    expect(decideOutcome({ ...clean, ops: 9_900, errors: 60, timeouts: 40 }).kind).toBe('done');
    const o = decideOutcome({ ...clean, ops: 9_899, errors: 61, timeouts: 40 });
    expect(o.kind).toBe('done with errors');
    expect(o.errorRate).toBeGreaterThan(DEFAULT_MAX_ERROR_RATE);
    expect(o.reason).toMatch(/1\.01 % of operations failed \(limit 1\.00 %\)/);
  });

  it("the scenario's maxErrorRate moves the threshold either way, and unavailable operations count as failed", () => {
    const noisy = { ...clean, ops: 9_000, errors: 1_000 };
    expect(decideOutcome({ ...noisy, maxErrorRate: 0.2 }).kind).toBe('done');
    expect(decideOutcome({ ...clean, ops: 9_999, errors: 1, maxErrorRate: 0 }).kind).toBe('done with errors');
    expect(decideOutcome({ ...clean, ops: 5_000, unavailable: 5_000 }).kind).toBe('done with errors');
  });

  it('the reason of a run with many errors names the first error', () => {
    const o = decideOutcome({ ...clean, ops: 100, errors: 900, firstError: '[worker 0] GET failed: ECONNREFUSED' });
    expect(o.reason).toMatch(/first: \[worker 0\] GET failed: ECONNREFUSED/);
  });

  it('a worker lost mid-run makes it degraded, naming the worker, the second and the seconds at full strength', () => {
    const o = decideOutcome({ ...clean, fullStrengthSeconds: 3, lostWorkers: [{ id: 1, second: 3 }] });
    expect(o.kind).toBe('degraded');
    expect(o.lostWorkers).toEqual([{ id: 1, second: 3 }]);
    expect(o.reason).toBe('worker 1 lost at second 3; 3 of 10 measured s at full strength');
  });

  it('a node lost mid-run makes it degraded too, and the error rate is still reported', () => {
    const o = decideOutcome({ ...clean, ops: 5_000, errors: 5_000, lostNodes: [{ id: '127.0.0.1:6379', second: 4 }] });
    expect(o.kind).toBe('degraded');
    expect(o.reason).toMatch(
      /^node 127\.0\.0\.1:6379 lost at second 4; 10 of 10 measured s at full strength; 50\.0 % of operations failed/,
    );
  });

  it('every worker lost is a failure, whatever was measured before', () => {
    const o = decideOutcome({
      ...clean,
      lostWorkers: [
        { id: 0, second: 2 },
        { id: 1, second: 5 },
      ],
    });
    expect(o).toMatchObject({ kind: 'failed', reason: 'every worker was lost (worker 0 lost at second 2, worker 1 lost at second 5)' });
  });

  it('nothing measured is a failure with the first error as its reason', () => {
    const o = decideOutcome({ ...clean, ops: 0, errors: 40, firstError: '[worker 0] connect ECONNREFUSED 127.0.0.1:1' });
    expect(o).toMatchObject({ kind: 'failed', reason: 'nothing was measured: [worker 0] connect ECONNREFUSED 127.0.0.1:1' });
    expect(decideOutcome({ ...clean, ops: 0 }).reason).toBe('nothing was measured');
  });

  it("a run main failed keeps main's reason; stopped and interrupted stay what they are", () => {
    expect(decideOutcome({ ...clean, status: 'failed', failure: 'disk full: /x' })).toMatchObject({
      kind: 'failed',
      reason: 'disk full: /x',
    });
    expect(decideOutcome({ ...clean, status: 'stopped', ops: 0 }).kind).toBe('stopped');
    expect(decideOutcome({ ...clean, status: 'stopped', lostWorkers: [{ id: 0, second: 1 }] }).reason).toMatch(
      /^stopped by the user; worker 0 lost/,
    );
    expect(decideOutcome({ ...clean, status: 'interrupted' }).kind).toBe('interrupted');
  });
});

describe('summarize: the outcome from samples and events', () => {
  it('counts full-strength seconds from the workers each second had, and a lost worker makes it degraded', () => {
    const full = seconds(3, 50, 0, 2, [0, 1]);
    const short = seconds(2, 50, 0, 2, [0]).map((s, i) => ({ ...s, second: 3 + i }));
    const s = summarize([...full, ...short], 'done', { workers: 2, lostWorkers: [{ id: 1, second: 3 }] });
    expect(s.status).toBe('done');
    expect(s.outcome).toMatchObject({ kind: 'degraded', fullStrengthSeconds: 3, lostWorkers: [{ id: 1, second: 3 }] });
    expect(s.outcome?.reason).toBe('worker 1 lost at second 3; 3 of 5 measured s at full strength');
  });

  it('a run with nothing answered fails, also for readers that only know the status', () => {
    const s = summarize(seconds(3, 0, 20), 'done', { firstError: '[worker 0] GET failed: ECONNREFUSED' });
    expect(s.status).toBe('failed');
    expect(s.outcome).toMatchObject({ kind: 'failed', reason: 'nothing was measured: [worker 0] GET failed: ECONNREFUSED' });
  });

  it('uses the scenario threshold: 10 % errors are done with errors by default, done under maxErrorRate 0.2', () => {
    expect(summarize(seconds(4, 90, 10), 'done').outcome?.kind).toBe('done with errors');
    expect(summarize(seconds(4, 90, 10), 'done', { maxErrorRate: 0.2 }).outcome?.kind).toBe('done');
  });

  it('a server node that stops reporting before the end is lost at the first second without it', () => {
    const n1 = { id: 'n1', address: 'a', rates: {}, memory: 1 };
    const n2 = { id: 'n2', address: 'b', rates: {}, memory: 1 };
    const ss = seconds(5, 10).map((s) => ({ ...s, nodes: s.second < 2 ? [n1, n2] : [n1] }));
    expect(summarize(ss, 'done').outcome).toMatchObject({ kind: 'degraded', lostNodes: [{ id: 'n2', second: 2 }] });
    // A node only the workers counted (no server-side report) is not judged lost by a quiet second.
    const client = ss.map((s) => ({ ...s, nodes: s.nodes.map(({ memory: _m, ...n }) => n) }));
    expect(summarize(client, 'done').outcome?.kind).toBe('done');
  });

  it('a node that was leaving when it stopped reporting left rather than crashed: still degraded, worded so', () => {
    const n1 = { id: 'n1', address: 'a', rates: {}, memory: 1 };
    const n2 = (state?: 'leaving') => ({ id: 'n2', address: 'b', rates: {}, memory: 1, ...(state ? { state } : {}) });
    const ss = seconds(5, 10).map((s) => ({ ...s, nodes: s.second === 0 ? [n1, n2()] : s.second < 3 ? [n1, n2('leaving')] : [n1] }));
    const o = summarize(ss, 'done').outcome;
    expect(o).toMatchObject({ kind: 'degraded', lostNodes: [{ id: 'n2', second: 3, left: true }] });
    expect(o?.reason).toMatch(/^node n2 left \(was leaving\) at second 3/);
    // Leaving, then up again before it went: a crash like any other.
    const back = ss.map((s) => (s.second === 2 ? { ...s, nodes: [n1, n2()] } : s));
    expect(summarize(back, 'done').outcome?.lostNodes).toEqual([{ id: 'n2', second: 3 }]);
  });
});

describe('old run files', () => {
  it('a summary written before outcomes existed still opens, and its outcome is its status', () => {
    const run = fixtureRun('0ld00000-0000-4000-8000-000000000001', steady(3, { get: { count: 20, us: 150 } }));
    for (const status of ['done', 'failed'] as const) {
      const { outcome: _o, ...old } = run.summary;
      const text = runText({ ...run, summary: { ...old, status } as Summary });
      const read = parseRun(text);
      expect(read.summary.outcome).toBeUndefined();
      expect(outcomeOf(read.summary)).toMatchObject({ kind: status, reason: '' });
    }
  });

  it('samples without a worker count are taken as full strength', () => {
    const run = fixtureRun('0ld00000-0000-4000-8000-000000000002', steady(3, { get: { count: 20, us: 150 } }));
    expect(run.samples.every((s) => s.strength === undefined)).toBe(true);
    expect(run.summary.outcome).toMatchObject({ kind: 'done', fullStrengthSeconds: 3 });
  });
});

describe('seconds in which nothing was answered', () => {
  it('make a run done with errors even when a backing-off client tried too few operations to pass the error rate', () => {
    const answered = seconds(2, 5000);
    const dead = seconds(2, 0, 2).map((s, i) => ({ ...s, second: 2 + i }));
    const o = summarize([...answered, ...dead], 'done').outcome!;
    expect(o.errorRate).toBeLessThan(DEFAULT_MAX_ERROR_RATE);
    expect(o.kind).toBe('done with errors');
    expect(o.reason).toBe('no operation answered in 2 of 4 measured s (from second 2)');
  });
});

describe('maxErrorRate in a scenario', () => {
  it('takes a share from 0 to 1, and is absent unless set', () => {
    const base = { target: { kind: 'redis' } };
    const ok = validateScenario({ ...base, maxErrorRate: 0.05 });
    expect(ok.ok && ok.scenario.maxErrorRate).toBe(0.05);
    const unset = validateScenario(base);
    expect(unset.ok && unset.scenario.maxErrorRate).toBeUndefined();
    const bad = validateScenario({ ...base, maxErrorRate: 1.5 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((e) => e.field)).toContain('maxErrorRate');
  });
});
