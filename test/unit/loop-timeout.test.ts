import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OK, type Driver } from '../../workers/load/driver';
import { loop } from './loop-fixture';

/**
 * A driver whose own deadline is the loop's opTimeoutMs, as the built-in
 * HTTP client's and Hazelcast's invocation timeout are: every operation is
 * rejected as a timeout from a timer, never before opTimeoutMs has passed.
 * After a rejection has reached the loop, and before the loop's next turn,
 * it runs the loop's watchdog scan (`scan`): the watchdog due in the same
 * timers phase as the deadline, which a real event loop does now and then
 * and this driver does at most once every `scanEveryMs` (0: after every
 * rejection), so that the race is certain rather than rare.
 */
function deadlineDriver(opTimeoutMs: number, scanEveryMs: number) {
  let started = 0;
  let lastScan = -Infinity;
  const hook: { scan?: () => void } = {};
  const scanSoon = () => {
    const now = performance.now();
    if (!hook.scan || now - lastScan < scanEveryMs) return;
    lastScan = now;
    // The rejection's handler is the first job queued; the scan runs after it, in the same turn.
    queueMicrotask(() => queueMicrotask(() => hook.scan?.()));
  };
  const d: Driver = {
    versions: {},
    connect: async () => undefined,
    run: () => {
      started++;
      const sentAt = performance.now();
      return new Promise((_, reject) =>
        setTimeout(() => {
          // A timer may fire a fraction of a millisecond early by performance.now(): a deadline never does.
          while (performance.now() - sentAt < opTimeoutMs);
          reject(new Error(`deadline of ${opTimeoutMs} ms`));
          scanSoon();
        }, opTimeoutMs),
      );
    },
    outcome: () => OK,
    isTimeout: () => true,
    close: async () => undefined,
  };
  return { d, hook, started: () => started };
}

/** How often the in-flight count is looked at while the loop runs: often enough to see what a second's tick would. */
const SAMPLE_EVERY_MS = 1;
/** The loop's own watchdog is held back this long, so that every scan is the driver's, right after a rejection. */
const WATCHDOG_HELD_MS = 1e9;

afterEach(() => vi.restoreAllMocks());

interface Case {
  inFlight: number;
  opTimeoutMs: number;
  endInMs: number;
  budget?: number;
  scanEveryMs: number;
}

async function runToDrain(c: Case) {
  const driver = deadlineDriver(c.opTimeoutMs, c.scanEveryMs);
  const { l, rec, drained } = loop(driver.d, c);
  let lowest = 0;
  const sampler = setInterval(() => (lowest = Math.min(lowest, l.inFlightNow)), SAMPLE_EVERY_MS);
  // The watchdog is the one interval the loop starts: its scan goes to the driver.
  const realSetInterval = globalThis.setInterval;
  vi.spyOn(globalThis, 'setInterval').mockImplementation(((fn: () => void) => {
    driver.hook.scan = fn;
    return realSetInterval(fn, WATCHDOG_HELD_MS);
  }) as typeof setInterval);
  try {
    l.start();
    vi.restoreAllMocks();
    expect(driver.hook.scan).toBeTypeOf('function');
    await drained;
  } finally {
    clearInterval(sampler);
  }
  return { counts: rec.drain().get, started: driver.started(), lowest: Math.min(lowest, l.inFlightNow), last: l.inFlightNow };
}

describe('LoadLoop, a driver that times out at the loop own timeout', () => {
  it('counts each operation once at inFlight 256 (a slot never counted by both the driver and the watchdog)', async () => {
    const r = await runToDrain({ inFlight: 256, opTimeoutMs: 1000, endInMs: 60_000, budget: 768, scanEveryMs: 0 });
    expect(r.started).toBe(768);
    expect(r.counts.timeouts).toBe(r.started);
    expect(r.counts.count + r.counts.errors).toBe(0);
    expect(r.lowest).toBeGreaterThanOrEqual(0);
    expect(r.last).toBe(0);
  }, 30_000);

  it('counts each operation once at inFlight 4096 with a 40 ms timeout, and its in-flight count never goes below zero', async () => {
    const r = await runToDrain({ inFlight: 4096, opTimeoutMs: 40, endInMs: 1500, scanEveryMs: 1 });
    expect(r.started).toBeGreaterThan(4096);
    expect(r.counts.timeouts).toBe(r.started);
    expect(r.lowest).toBeGreaterThanOrEqual(0);
    expect(r.last).toBe(0);
  }, 30_000);
});
