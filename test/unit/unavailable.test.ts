import { describe, expect, it } from 'vitest';
import {
  clientSaturated,
  failureDominated,
  saturation,
  SATURATED_CPU,
  SATURATED_ELU,
  SATURATED_MACHINE_CPU,
} from '../../app/metrics/limits';
import { mergeTicks } from '../../app/metrics/merge-ticks';
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

  const ok = { get: { values: rep(100, 10) } };

  it("holds for a worker whose CPU fills a core while its event loop reads idle enough (auto-pipelining's case)", () => {
    const s = mergeTicks(0, 'run', 0, [tick(0, 0, ok, { elu: 0.75, cpu: SATURATED_CPU }), tick(1, 0, ok, { elu: 0.2, cpu: 0.3 })]);
    expect(saturation(s).workers.map((w) => w.id)).toEqual([0]);
    expect(summarize([s], 'done').saturatedSeconds).toBe(1);
    const below = mergeTicks(0, 'run', 0, [tick(0, 0, ok, { elu: 0.75, cpu: SATURATED_CPU - 0.01 })]);
    expect(clientSaturated(below)).toBe(false);
  });

  it('holds for a machine out of CPU only when the workers outnumber its cores', () => {
    const three = mergeTicks(
      0,
      'run',
      0,
      [0, 1, 2].map((w) => tick(w, 0, ok, { elu: 0.6, cpu: 0.6 })),
    );
    const busy = { cpu: SATURATED_MACHINE_CPU, cores: 2 };
    expect(clientSaturated({ ...three, machine: busy })).toBe(true);
    expect(saturation({ ...three, machine: busy })).toMatchObject({ workers: [], machine: true });
    expect(clientSaturated({ ...three, machine: { cpu: SATURATED_MACHINE_CPU - 0.01, cores: 2 } })).toBe(false);
    // As many cores as workers: each could have had a core, so the per-worker readings decide.
    expect(clientSaturated({ ...three, machine: { cpu: 1, cores: 3 } })).toBe(false);
    // Files written before the machine was read.
    expect(clientSaturated(three)).toBe(false);
  });
});
