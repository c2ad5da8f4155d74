import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { decodeHistogram } from '../../app/metrics/histogram';
import { Backoff, BACKOFF_FACTOR, BACKOFF_MAX_MS, BACKOFF_MIN_MS } from '../../workers/load/backoff';
import { OK, type Driver } from '../../workers/load/driver';
import { Rng } from '../../workers/load/keys';
import { LoadLoop } from '../../workers/load/loop';
import { OpPicker } from '../../workers/load/picker';
import { Recorder } from '../../workers/load/recorder';

const refused = (): Error => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });

/** A driver that refuses every operation until `upAt` (performance.now()), then answers at once. */
function flakyDriver(upAt: number): Driver & { calls: number } {
  const d: Driver & { calls: number } = {
    calls: 0,
    versions: {},
    connect: async () => undefined,
    run: () => {
      d.calls++;
      return performance.now() < upAt ? Promise.reject(refused()) : Promise.resolve(OK);
    },
    outcome: () => OK,
    isTimeout: () => false,
    close: async () => undefined,
  };
  return d;
}

function run(driver: Driver, inFlight: number, ms: number) {
  const rec = new Recorder(['get']);
  const pickers = Array.from({ length: inFlight }, () => new OpPicker(new Rng(1), [1], 10, 2));
  const l = new LoadLoop({
    driver,
    recorder: rec,
    pickers,
    inFlight,
    measureFrom: -Infinity,
    endAt: performance.now() + ms,
    opTimeoutMs: 10_000,
  });
  const drained = new Promise<void>((r) => l.once('drained', r));
  l.start();
  return { rec, drained, l };
}

describe('Backoff', () => {
  it('grows from the minimum by its factor to the cap, and starts again after a success', () => {
    const b = new Backoff();
    expect(b.active).toBe(false);
    const waits = Array.from({ length: 12 }, () => b.next());
    expect(waits[0]).toBe(BACKOFF_MIN_MS);
    expect(waits[1]).toBe(BACKOFF_MIN_MS * BACKOFF_FACTOR);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBe(Math.min(BACKOFF_MAX_MS, waits[i - 1] * BACKOFF_FACTOR));
    expect(waits[waits.length - 1]).toBe(BACKOFF_MAX_MS);
    expect(b.active).toBe(true);
    b.reset();
    expect(b.active).toBe(false);
    expect(b.next()).toBe(BACKOFF_MIN_MS);
  });
});

describe('LoadLoop against an unreachable target', () => {
  it('counts unavailable operations (no latency, no errors) and backs off instead of spinning', async () => {
    const d = flakyDriver(Infinity);
    const { rec, drained } = run(d, 2, 500);
    await drained;
    const t = rec.drain().get;
    // Per slot, waits of 4, 8, ... 256 ms fill 500 ms with at most 8 attempts; a spin would make thousands.
    expect(d.calls).toBeLessThanOrEqual(2 * 8);
    expect(t.unavailable).toBe(d.calls);
    expect(t.errors + t.timeouts + t.count).toBe(0);
    expect(decodeHistogram(t.hist).totalCount).toBe(0);
  });

  it('resumes at full speed once the target answers again', async () => {
    const d = flakyDriver(performance.now() + 100);
    const { rec, drained } = run(d, 2, 600);
    await drained;
    const t = rec.drain().get;
    expect(t.unavailable).toBeGreaterThan(0);
    // After the outage no slot waits any more: far more answers than back-off steps.
    expect(t.count).toBeGreaterThan(1000);
  });

  it('a stop does not wait for a back-off under way', async () => {
    const { drained, l } = run(flakyDriver(Infinity), 1, 60_000);
    // By now the waits have grown to the cap: a stop that waited for one would take most of a second.
    await new Promise((r) => setTimeout(r, 1100));
    const stoppedAt = performance.now();
    l.stop();
    await drained;
    expect(performance.now() - stoppedAt).toBeLessThan(BACKOFF_MAX_MS / 10);
  });
});
