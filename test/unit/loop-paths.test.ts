import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_FOUND, OK, type Driver } from '../../workers/load/driver';
import { Rng } from '../../workers/load/keys';
import { LoadLoop } from '../../workers/load/loop';
import { cumulativeWeights, OpPicker } from '../../workers/load/picker';
import { Recorder } from '../../workers/load/recorder';
import { FAILING_SLOTS } from '../../workers/load/state-table';

/**
 * The closed loop's usual answer (answeredClosed) writes out what the
 * general path (answered, release, resume, issueClosed, mayIssue, launch)
 * does. Both run the same operations here, on a clock that moves one unit
 * per operation started: the same operations and keys at the same times,
 * the same counts and histograms to the byte, the same end.
 */
const OPS = ['get', 'set'];

interface Outcome {
  sent: string[];
  tick: string;
  stoppedAt: number | undefined;
}

let clock = 0;
afterEach(() => vi.restoreAllMocks());

async function run(general: boolean, o: { inFlight: number; measureFrom: number; endAt: number; budget?: number }): Promise<Outcome> {
  clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  const sent: string[] = [];
  let n = 0;
  const d: Driver = {
    versions: {},
    connect: async () => undefined,
    // Every third answer a missing key, every fifth a rejection the driver reads as one.
    run: (op, key) => {
      sent.push(`${clock} ${op} ${key}`);
      clock++;
      const i = n++;
      return i % 5 === 4 ? Promise.reject(new Error('missing')) : Promise.resolve(i % 3 === 0 ? null : 'value');
    },
    outcome: (r) => (r === null ? NOT_FOUND : OK),
    isNotFound: () => true,
    isTimeout: () => false,
    close: async () => undefined,
  };
  const rng = new Rng(7);
  const cum = cumulativeWeights(OPS, { get: 0.6, set: 0.4 });
  const recorder = new Recorder(OPS);
  const l = new LoadLoop({
    driver: d,
    recorder,
    pickers: [new OpPicker(rng, cum, 50, 6)],
    opTimeoutMs: 1_000_000,
    ...o,
  });
  // A failing slot on the books sends every answer down the general path; no slot's own flag is set, so nothing else changes.
  if (general) (l as unknown as { t: Float64Array }).t[FAILING_SLOTS] = 1;
  const drained = new Promise<void>((r) => l.once('drained', r));
  l.start();
  await drained;
  return { sent, tick: JSON.stringify(recorder.drain()), stoppedAt: l.stoppedAt };
}

describe("the closed loop's answer against the general path", () => {
  it.each([
    ['a budget after a warm-up', { inFlight: 4, measureFrom: 30, endAt: 100_000, budget: 200 }],
    ['an end time', { inFlight: 4, measureFrom: 10, endAt: 300 }],
    ['one slot, a budget spent before the end', { inFlight: 1, measureFrom: -Infinity, endAt: 500, budget: 120 }],
  ])('%s: the same operations, counts and end', async (_name, o) => {
    const closed = await run(false, o);
    const general = await run(true, o);
    expect(closed.sent.length).toBeGreaterThan(100);
    expect(general).toEqual(closed);
  });
});
