import { performance } from 'node:perf_hooks';
import { describe, expect, it, vi } from 'vitest';
import { BACKOFF_MIN_MS } from '../../workers/load/backoff';
import { OK, type Driver } from '../../workers/load/driver';
import { Rng } from '../../workers/load/keys';
import { LoadLoop } from '../../workers/load/loop';
import { OpPicker } from '../../workers/load/picker';
import { Recorder } from '../../workers/load/recorder';
import { buildLoop } from '../../workers/load/setup';
import { parseScenario } from '../../app/scenario/schema';
import { loop, manualDriver } from './loop-fixture';

describe('LoadLoop', () => {
  it('keeps exactly inFlight operations outstanding in a closed loop', async () => {
    const m = manualDriver();
    const { l, rec, drained } = loop(m.d, { inFlight: 3, opTimeoutMs: 10_000, endInMs: 100_000, budget: 10 });
    l.start();
    expect(m.pending.length).toBe(3);
    while (m.pending.length) {
      m.pending.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    await drained;
    expect(m.max()).toBe(3);
    expect(rec.drain().get.count).toBe(10);
  });

  it('times out unanswered operations by its watchdog, and ignores their late answers', async () => {
    const m = manualDriver();
    const { l, rec, drained } = loop(m.d, { inFlight: 2, opTimeoutMs: 40, endInMs: 150 });
    l.start();
    await drained;
    const t = rec.drain().get;
    // 150 ms with a 40 ms timeout: each slot times out 2 to 4 times, nothing succeeds.
    expect(t.timeouts).toBeGreaterThanOrEqual(4);
    expect(t.count).toBe(0);
    for (const answer of m.pending) answer();
    await new Promise((r) => setImmediate(r));
    expect(rec.drain().get.count).toBe(0);
  });

  it('counts a rejection the driver reads as a missing key as an answer (not found, with a latency), not an error', async () => {
    const missing = Object.assign(new Error('record not found'), { code: 2 });
    let calls = 0;
    const d: Driver = {
      versions: {},
      connect: async () => undefined,
      // Every other operation finds no record; the rest fail for real.
      run: () => Promise.reject(++calls % 2 ? missing : new Error('server error')),
      outcome: () => OK,
      isTimeout: () => false,
      isNotFound: (err) => err === missing,
      close: async () => undefined,
    };
    const { l, rec, drained } = loop(d, { inFlight: 1, opTimeoutMs: 10_000, endInMs: 100_000, budget: 6 });
    l.start();
    await drained;
    const t = rec.drain().get;
    expect(t).toMatchObject({ count: 3, notFound: 3, errors: 3, timeouts: 0 });
  });

  it('a late answer after a timeout is ignored while its slot goes on with the next operation', async () => {
    const m = manualDriver();
    const { l, rec, drained } = loop(m.d, { inFlight: 1, opTimeoutMs: 200, endInMs: 100_000, budget: 2 });
    l.start();
    // The first operation is never answered in time: the watchdog counts it and the slot starts the second.
    for (let waited = 0; m.pending.length < 2 && waited < 5000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    expect(m.pending.length).toBe(2);
    const [late, current] = m.pending.splice(0, 2);
    late();
    current();
    await drained;
    expect(rec.drain().get).toMatchObject({ count: 1, timeouts: 1 });
  });

  it('backs off longer after each unreachable failure in a row, and from the shortest wait again once answered', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    // Three failures, an answer, a failure, an answer.
    const script = [false, false, false, true, false, true];
    let calls = 0;
    const d: Driver = {
      versions: {},
      connect: async () => undefined,
      run: () => (script[calls++] ? Promise.resolve(OK) : Promise.reject(refused)),
      outcome: () => OK,
      isTimeout: () => false,
      close: async () => undefined,
    };
    // In the closed loop only a back-off waits by setTimeout: its delays are the waits.
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    try {
      const { l, rec, drained } = loop(d, { inFlight: 1, opTimeoutMs: 10_000, endInMs: 100_000, budget: script.length });
      l.start();
      await drained;
      const waits = timeout.mock.calls.map((c) => c[1]);
      expect(waits).toEqual([BACKOFF_MIN_MS, 2 * BACKOFF_MIN_MS, 4 * BACKOFF_MIN_MS, BACKOFF_MIN_MS]);
      expect(rec.drain().get).toMatchObject({ count: 2, unavailable: 4, errors: 0 });
    } finally {
      timeout.mockRestore();
    }
  });

  it('starts warm-up operations outside the budget, and stops at the end time or once the budget is spent', async () => {
    // A clock that moves one unit per operation started: the loop decides each next operation at its answer's time.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const startedAt: number[] = [];
    const d: Driver = {
      versions: {},
      connect: async () => undefined,
      run: () => {
        startedAt.push(clock++);
        return Promise.resolve(OK);
      },
      outcome: () => OK,
      isTimeout: () => false,
      close: async () => undefined,
    };
    const run = async (o: { measureFrom: number; endAt: number; budget?: number }) => {
      clock = 0;
      startedAt.length = 0;
      const rec = new Recorder(['get']);
      const l = new LoadLoop({
        driver: d,
        recorder: rec,
        pickers: [new OpPicker(new Rng(1), [1], 10, 2)],
        inFlight: 1,
        opTimeoutMs: 10_000,
        ...o,
      });
      const drained = new Promise<void>((r) => l.once('drained', r));
      l.start();
      await drained;
      return {
        measured: startedAt.filter((t) => t >= o.measureFrom).length,
        all: startedAt.length,
        count: rec.drain().get.count,
        stoppedAt: l.stoppedAt,
      };
    };
    try {
      // 20 warm-up operations, then exactly the budget's 30.
      expect(await run({ measureFrom: 20, endAt: 1000, budget: 30 })).toEqual({ measured: 30, all: 50, count: 50, stoppedAt: 50 });
      // No budget: operations start until the end time, and the loop's last second ends there.
      expect(await run({ measureFrom: 20, endAt: 40 })).toEqual({ measured: 20, all: 40, count: 40, stoppedAt: 40 });
    } finally {
      now.mockRestore();
    }
  });

  it('gives every slot of a weighted mix one picker, and each slot its own for a reads-per-write cycle', () => {
    const base = { target: { kind: 'redis' as const }, inFlight: 4, warmupSeconds: 0, durationSeconds: 1 };
    const slotPickers = (extra: object) => {
      const s = parseScenario({ ...base, ...extra });
      const l = buildLoop(s, { id: 0, of: 1, scenario: s }, manualDriver().d, performance.now());
      return new Set(l.o.pickers).size;
    };
    expect(slotPickers({ mix: { get: 0.5, set: 0.5 } })).toBe(1);
    expect(slotPickers({ readsPerWrite: 3 })).toBe(4);
  });
});
