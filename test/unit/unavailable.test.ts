import { describe, expect, it } from 'vitest';
import { clientSaturated, failureDominated, SATURATED_ELU } from '../../app/metrics/limits';
import { mergeTicks } from '../../app/metrics/sample';
import { summarize } from '../../app/metrics/summary';
import { Recorder } from '../../workers/load/recorder';
import { decodeHistogram } from '../../app/metrics/histogram';
import { rep, tick } from './helpers';

const BUSY = { elu: SATURATED_ELU + 0.05 };

describe('unavailable operations', () => {
  it('are counted per op by the recorder, apart from errors and without a latency', () => {
    const r = new Recorder(['get', 'set']);
    r.unavailable(0);
    r.unavailable(0);
    r.fail(1, false);
    const t = r.drain();
    expect(t.get).toMatchObject({ count: 0, errors: 0, timeouts: 0, unavailable: 2 });
    expect(t.set).toMatchObject({ errors: 1, unavailable: 0 });
    expect(decodeHistogram(t.get.hist).totalCount).toBe(0);
    expect(r.drain().get.unavailable).toBe(0);
  });

  it('are merged per second across workers and summed in the summary', () => {
    const s0 = mergeTicks(0, 'run', 0, [
      tick(0, 0, { get: { values: rep(100, 5), unavailable: 3 } }),
      tick(1, 0, { get: { unavailable: 4 } }),
    ]);
    const s1 = mergeTicks(1, 'run', 0, [tick(0, 1, { get: { unavailable: 10 }, set: { unavailable: 1 } })]);
    expect(s0.ops.get.unavailable).toBe(7);
    expect(s0.ops.get.count).toBe(5);
    const sum = summarize([s0, s1], 'done');
    expect(sum.ops.get.unavailable).toBe(17);
    expect(sum.ops.set.unavailable).toBe(1);
    expect(sum.total.unavailable).toBe(18);
    // Only the five answers are latencies.
    expect(sum.total.ops).toBe(5);
  });
});

describe('the saturation rule', () => {
  const busyTick = (ops: Parameters<typeof tick>[2]) => mergeTicks(0, 'run', 0, [tick(0, 0, ops, BUSY)]);

  it('holds for a busy loop whose operations succeed', () => {
    const s = busyTick({ get: { values: rep(100, 10), errors: 2 } });
    expect(failureDominated(s.ops)).toBe(false);
    expect(clientSaturated(s)).toBe(true);
    expect(summarize([s], 'done').saturatedSeconds).toBe(1);
  });

  it('never holds for a second in which more failed (errors, timeouts, unavailable) than succeeded', () => {
    for (const failing of [{ errors: 11 }, { timeouts: 11 }, { unavailable: 11 }, { errors: 4, timeouts: 4, unavailable: 3 }]) {
      const s = busyTick({ get: { values: rep(100, 10), ...failing } });
      expect(failureDominated(s.ops)).toBe(true);
      expect(clientSaturated(s)).toBe(false);
      expect(summarize([s], 'done').saturatedSeconds).toBe(0);
    }
  });
});
