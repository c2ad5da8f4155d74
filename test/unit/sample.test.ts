import { describe, expect, it } from 'vitest';
import { decodeHistogram } from '../../app/metrics/histogram';
import { mergeTicks } from '../../app/metrics/merge-ticks';
import { exactPercentile, expectHdr, seededValues, tick } from './helpers';

describe('mergeTicks', () => {
  const g0 = seededValues(1, 300, 100, 2_000);
  const g1 = seededValues(2, 200, 5_000, 90_000);
  const p0 = seededValues(3, 50, 200, 400);
  const p2 = seededValues(4, 80, 1_000, 3_000);
  const ticks = [
    tick(
      0,
      5,
      { get: { values: g0, errors: 1, timeouts: 2, notFound: 3 }, put: { values: p0, errors: 4 } },
      { bytesIn: 1000, bytesOut: 10 },
    ),
    tick(1, 5, { get: { values: g1, timeouts: 1, notFound: 7 } }, { bytesIn: 2000, bytesOut: 20 }),
    tick(2, 5, { put: { values: p2, timeouts: 5 } }, { bytesIn: 4000, bytesOut: 40 }),
  ];
  const s = mergeTicks(5, 'run', 123_456, ticks, [{ id: 'n1', address: 'a:1', rates: { 'read.success': 3 } }]);

  it('keeps second, phase, time and nodes', () => {
    expect(s.second).toBe(5);
    expect(s.phase).toBe('run');
    expect(s.at).toBe(123_456);
    expect(s.nodes).toEqual([{ id: 'n1', address: 'a:1', rates: { 'read.success': 3 } }]);
  });

  it('sums counts per op across workers', () => {
    expect(Object.keys(s.ops).sort()).toEqual(['get', 'put']);
    expect(s.ops.get).toMatchObject({ count: g0.length + g1.length, errors: 1, timeouts: 3, notFound: 10 });
    expect(s.ops.put).toMatchObject({ count: p0.length + p2.length, errors: 4, timeouts: 5, notFound: 0 });
  });

  it('merges per-op histograms (percentiles of all values, not averaged)', () => {
    const gets = [...g0, ...g1];
    const puts = [...p0, ...p2];
    for (const [op, values] of [
      ['get', gets],
      ['put', puts],
    ] as const) {
      const l = s.ops[op].latency;
      expect(l.count).toBe(values.length);
      expectHdr(l.p50, exactPercentile(values, 50));
      expectHdr(l.p90, exactPercentile(values, 90));
      expectHdr(l.p99, exactPercentile(values, 99));
      expectHdr(l.max, Math.max(...values));
      // The encoded merged histogram of the second carries the same numbers.
      const h = decodeHistogram(s.ops[op].hist);
      expect(h.totalCount).toBe(values.length);
      expectHdr(h.getValueAtPercentile(99), exactPercentile(values, 99));
      h.destroy();
    }
  });

  it('carries nothing of one second into the next (its histograms are used again)', () => {
    const again = mergeTicks(6, 'run', 0, [tick(0, 6, { get: { values: p0 } })]);
    expect(again.ops.get.latency.count).toBe(p0.length);
    expectHdr(again.ops.get.latency.max, Math.max(...p0));
    expectHdr(again.ops.get.latency.min, Math.min(...p0));
    expect(again.latency.count).toBe(p0.length);
    expectHdr(again.latency.p50, exactPercentile(p0, 50));
    // And the second merged before it still reads as it did.
    expect(s.latency.count).toBe(g0.length + g1.length + p0.length + p2.length);
  });

  it('totals and overall latency cover every op', () => {
    const all = [...g0, ...g1, ...p0, ...p2];
    expect(s.totals).toEqual({ count: all.length, errors: 5, timeouts: 8, notFound: 10 });
    expect(s.latency.count).toBe(all.length);
    expectHdr(s.latency.p50, exactPercentile(all, 50));
    expectHdr(s.latency.p99, exactPercentile(all, 99));
    expectHdr(s.latency.p999, exactPercentile(all, 99.9));
    expectHdr(s.latency.max, Math.max(...all));
    expect(s.latency.min).toBe(Math.min(...all));
  });

  it('sums bytes and lists every worker once, sorted', () => {
    expect(s.bytesIn).toBe(7000);
    expect(s.bytesOut).toBe(70);
    expect(s.workers.map((w) => w.id)).toEqual([0, 1, 2]);
  });

  it('sums duplicate ticks of one worker but lists it once with its latest gauges', () => {
    const a = seededValues(5, 100, 100, 1000);
    const b = seededValues(6, 40, 50_000, 60_000);
    const late = tick(
      3,
      6,
      { get: { values: a, errors: 1 } },
      { mem: { rss: 111, heapUsed: 1, external: 1 }, elu: 0.2, inFlight: 4, bytesIn: 5 },
    );
    const regular = tick(
      3,
      7,
      { get: { values: b, errors: 2 } },
      { mem: { rss: 222, heapUsed: 2, external: 2 }, elu: 0.95, inFlight: 9, bytesIn: 6 },
    );
    const other = tick(1, 7, { get: { values: [7] } });
    const m = mergeTicks(7, 'run', 0, [late, other, regular]);
    expect(m.ops.get.count).toBe(a.length + b.length + 1);
    expect(m.ops.get.errors).toBe(3);
    expect(m.bytesIn).toBe(11);
    expectHdr(m.ops.get.latency.p99, exactPercentile([...a, ...b, 7], 99));
    expect(m.workers.map((w) => w.id)).toEqual([1, 3]);
    const w3 = m.workers.find((w) => w.id === 3)!;
    expect(w3.mem.rss).toBe(222);
    expect(w3.elu).toBe(0.95);
    expect(w3.inFlight).toBe(9);
  });

  it("keeps each worker's exact latencies per op, a late tick's added to its regular one", () => {
    const late = tick(3, 6, { get: { values: [10.5, 900], exact: true }, put: { values: [40], exact: true } });
    const regular = tick(3, 7, { get: { values: [2.25, 300], exact: true }, del: { values: [], exact: true } });
    const other = tick(1, 7, { get: { values: [7] } });
    const m = mergeTicks(7, 'run', 0, [late, other, regular]);
    expect(m.workers.find((w) => w.id === 3)?.exact).toStrictEqual({
      get: { count: 4, sum: 10.5 + 900 + 2.25 + 300, min: 2.25, max: 900 },
      put: { count: 1, sum: 40, min: 40, max: 40 },
    });
    // A tick without exact latencies (an older worker's) adds none.
    expect(m.workers.find((w) => w.id === 1)).not.toHaveProperty('exact');
  });

  it('merges an empty list of ticks into an empty second', () => {
    const m = mergeTicks(0, 'warmup', 1, []);
    expect(m.ops).toEqual({});
    expect(m.totals).toEqual({ count: 0, errors: 0, timeouts: 0, notFound: 0 });
    expect(m.latency.count).toBe(0);
    expect(m.workers).toEqual([]);
    expect(m.nodes).toEqual([]);
  });
});
