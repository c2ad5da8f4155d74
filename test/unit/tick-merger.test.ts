import { describe, expect, it } from 'vitest';
import type { Sample } from '../../app/metrics/sample';
import type { Tick } from '../../app/metrics/tick';
import { TICK_GRACE_MS, TickMerger } from '../../main/engine/tick-merger';
import { rep, tick } from './helpers';

const T0 = 1_000_000;
/** The wall-clock end of second k. */
const end = (k: number) => T0 + (k + 1) * 1000;

function setup(workers: number, warmupSeconds = 0) {
  const out: Sample[] = [];
  const nodeCalls: number[] = [];
  /** The time up to which the nodes' readings are in. */
  const nodes = { readTo: Infinity, lasts: [] as boolean[] };
  const m = new TickMerger(workers, warmupSeconds, T0, (s) => out.push(s), {
    covers: (until) => nodes.readTo >= until,
    take: (k, now, last) => {
      nodeCalls.push(now);
      nodes.lasts.push(last);
      return [{ id: 'n', address: 'x', rates: { second: k, at: now } }];
    },
  });
  return { m, out, nodeCalls, nodes };
}

/** A tick with n get operations of 100 µs. */
const t = (worker: number, second: number, n = 1, extra: Partial<Tick> = {}) =>
  tick(worker, second, { get: { values: rep(100, n) } }, extra);

const totalOf = (samples: readonly Sample[]) => samples.reduce((a, s) => a + s.totals.count, 0);

describe('TickMerger', () => {
  it('emits a second only when every worker has reported, and in order', () => {
    const { m, out } = setup(2, 1);
    m.add(t(0, 0, 1));
    m.flush(end(0));
    expect(out).toHaveLength(0);

    m.add(t(1, 1, 20)); // second 1 from worker 1 arrives before its second 0
    m.flush(end(1));
    expect(out).toHaveLength(0);

    m.add(t(1, 0, 300));
    m.flush(end(1));
    expect(out.map((s) => s.second)).toEqual([0]); // second 1 still misses worker 0

    m.add(t(0, 1, 4000));
    m.flush(end(1) + 10);
    expect(out.map((s) => s.second)).toEqual([0, 1]);

    expect(out[0]).toMatchObject({ second: 0, phase: 'warmup', at: end(0) });
    expect(out[1]).toMatchObject({ second: 1, phase: 'run', at: end(1) });
    expect(out[0].totals.count).toBe(301);
    expect(out[1].totals.count).toBe(4020);
    expect(out[0].workers.map((w) => w.id)).toEqual([0, 1]);
    expect(m.lateTicks).toBe(0);
  });

  it("takes each second's node counts when it emits the second", () => {
    const { m, out } = setup(1);
    m.add(t(0, 0));
    m.flush(end(0) + 7);
    expect(out[0].nodes).toEqual([{ id: 'n', address: 'x', rates: { second: 0, at: end(0) + 7 } }]);
  });

  it("waits for the nodes' readings past a second's end, until the grace has passed", () => {
    const { m, out, nodes } = setup(1);
    nodes.readTo = end(0) - 1;
    m.add(t(0, 0));
    m.add(t(0, 1));
    m.flush(end(1));
    expect(out).toHaveLength(0);
    nodes.readTo = end(0) + 2;
    m.flush(end(1) + 5);
    expect(out.map((s) => s.second)).toEqual([0]);
    m.flush(end(1) + TICK_GRACE_MS - 1);
    expect(out).toHaveLength(1);
    m.flush(end(1) + TICK_GRACE_MS);
    expect(out.map((s) => s.second)).toEqual([0, 1]);
  });

  it('gives the final sample of a forced flush everything the nodes counted (last), and only that one', () => {
    const { m, out, nodes } = setup(1);
    m.add(t(0, 0));
    m.add(t(0, 1));
    m.finished(0, 1);
    m.flush(end(1), { force: true });
    expect(out.map((s) => s.second)).toEqual([0, 1]);
    expect(nodes.lasts).toEqual([false, true]);
  });

  it('waits for a slow worker until the grace has passed, then emits without it', () => {
    const { m, out } = setup(2);
    m.add(t(0, 0, 5));
    m.flush(end(0));
    m.flush(end(0) + TICK_GRACE_MS - 1);
    expect(out).toHaveLength(0);

    m.flush(end(0) + TICK_GRACE_MS);
    expect(out.map((s) => s.second)).toEqual([0]);
    expect(out[0].workers.map((w) => w.id)).toEqual([0]);
    expect(out[0].totals.count).toBe(5);
  });

  it('with waitForLast an overdue second is not emitted', () => {
    const { m, out } = setup(2);
    m.add(t(0, 0, 5));
    m.flush(end(0) + TICK_GRACE_MS * 10, { waitForLast: true });
    expect(out).toHaveLength(0);
    m.add(t(1, 0, 6));
    m.flush(end(0) + TICK_GRACE_MS * 10, { waitForLast: true });
    expect(out.map((s) => s.totals.count)).toEqual([11]);
  });

  it('counts a late tick in the next second, so no operation is lost', () => {
    const { m, out } = setup(2);
    const sent: Tick[] = [];
    const send = (x: Tick) => {
      sent.push(x);
      m.add(x);
    };
    send(t(0, 0, 10));
    m.flush(end(0) + TICK_GRACE_MS); // second 0 emitted without worker 1
    expect(out).toHaveLength(1);

    send(t(1, 0, 7)); // worker 1's tick for second 0 arrives late
    expect(m.lateTicks).toBe(1);
    m.flush(end(0) + TICK_GRACE_MS + 1);
    expect(out).toHaveLength(1); // second 1 is not complete yet

    send(t(0, 1, 20));
    send(t(1, 1, 30));
    m.flush(end(1));
    expect(out.map((s) => s.second)).toEqual([0, 1]);
    expect(out[0].totals.count).toBe(10);
    expect(out[1].totals.count).toBe(7 + 20 + 30);
    // worker 1 sent twice into second 1 but is listed once
    expect(out[1].workers.map((w) => w.id)).toEqual([0, 1]);

    send(t(0, 2, 1));
    send(t(1, 2, 2));
    m.flush(end(2));
    m.flush(end(10), { force: true });
    expect(totalOf(out)).toBe(sent.reduce((a, x) => a + x.ops.get.count, 0));
    expect(out.map((s) => s.second)).toEqual([0, 1, 2]);
  });

  it('emits empty seconds in order when every worker is overdue', () => {
    const { m, out } = setup(1);
    m.flush(end(2) + TICK_GRACE_MS);
    expect(out.map((s) => s.second)).toEqual([0, 1, 2]);
    expect(totalOf(out)).toBe(0);
  });

  it('does not wait for a finished worker after its last second', () => {
    const { m, out } = setup(2);
    m.add(t(0, 0, 1));
    m.add(t(1, 0, 2));
    m.finished(1, 0);
    m.flush(end(0));
    expect(out).toHaveLength(1);
    m.add(t(0, 1, 3));
    m.flush(end(1)); // not overdue: complete because worker 1 ended at second 0
    expect(out.map((s) => s.second)).toEqual([0, 1]);
    expect(out[1].totals.count).toBe(3);
  });

  it('still waits for a finished worker up to its last second', () => {
    const { m, out } = setup(2);
    m.finished(1, 1); // announced before its ticks arrive
    m.add(t(0, 0));
    m.add(t(0, 1));
    m.flush(end(1));
    expect(out).toHaveLength(0);
    m.add(t(1, 0));
    m.add(t(1, 1));
    m.flush(end(1));
    expect(out.map((s) => s.second)).toEqual([0, 1]);
  });

  it('does not wait for a worker that died, but keeps what it sent', () => {
    const { m, out } = setup(2);
    m.add(t(0, 0, 1));
    m.add(t(1, 0, 2));
    m.flush(end(0));
    m.add(t(1, 1, 50)); // sent before it died
    m.died(1);
    m.add(t(0, 1, 3));
    m.flush(end(1));
    expect(out.map((s) => s.second)).toEqual([0, 1]);
    expect(out[1].totals.count).toBe(53);
    m.add(t(0, 2, 4));
    m.flush(end(2));
    expect(out.map((s) => s.second)).toEqual([0, 1, 2]);
    expect(out[2].workers.map((w) => w.id)).toEqual([0]);
  });

  it('force flush emits everything pending, in order, and then stops', () => {
    const { m, out } = setup(3);
    m.add(t(0, 0, 1));
    m.add(t(1, 2, 2));
    m.flush(end(0), { force: true });
    expect(out.map((s) => s.second)).toEqual([0, 1, 2]);
    expect(out.map((s) => s.totals.count)).toEqual([1, 0, 2]);
    m.flush(end(5), { force: true });
    expect(out).toHaveLength(3);
  });

  it('allDone once every worker finished or died', () => {
    const { m } = setup(3);
    expect(m.allDone).toBe(false);
    m.finished(0, 4);
    m.died(2);
    expect(m.allDone).toBe(false);
    m.finished(1, 4);
    expect(m.allDone).toBe(true);
  });

  it('after everyone is done and emitted, nothing more comes out, however late', () => {
    const { m, out } = setup(2);
    m.add(t(0, 0, 1));
    m.add(t(1, 0, 1));
    m.finished(0, 0);
    m.finished(1, 0);
    m.flush(end(0));
    m.flush(end(100));
    expect(out.map((s) => s.second)).toEqual([0]);
  });

  it("a late tick does not stand in for the worker's next second", () => {
    const { m, out } = setup(2);
    m.add(t(0, 0, 10));
    m.flush(end(0) + TICK_GRACE_MS); // worker 1 is overdue: second 0 goes without it
    expect(out.map((s) => s.second)).toEqual([0]);
    m.add(t(1, 0, 1)); // its late tick for second 0 lands in second 1's bucket
    m.add(t(0, 1, 10));
    m.flush(end(1)); // second 1 still lacks worker 1's own tick for second 1
    expect(out.map((s) => s.second)).toEqual([0]);
    m.add(t(1, 1, 1));
    m.flush(end(1) + 1);
    expect(out.map((s) => s.second)).toEqual([0, 1]);
    expect(out[1].totals.count).toBe(12);
    expect(m.lateTicks).toBe(1);
  });
});
