import { describe, expect, it } from 'vitest';
import { createHistogram, decodeHistogram, encodeHistogram, HIGHEST_US, recordUs } from '../../app/metrics/histogram';
import { Recorder, RING } from '../../workers/load/recorder';
import { exactPercentile, expectHdr, seededValues } from './helpers';

describe('Recorder', () => {
  it('counts successes, not-found, errors and timeouts per op', () => {
    const r = new Recorder(['get', 'put']);
    r.ok(0, 100, false);
    r.ok(0, 200, true);
    r.ok(0, 300, true);
    r.fail(0, true);
    r.fail(1, false);
    r.fail(1, false);
    r.ok(1, 5000, false);
    const t = r.drain();
    expect(Object.keys(t)).toEqual(['get', 'put']);
    expect(t.get).toMatchObject({ count: 3, notFound: 2, errors: 0, timeouts: 1 });
    expect(t.put).toMatchObject({ count: 1, notFound: 0, errors: 2, timeouts: 0 });
  });

  it('records successful latencies only, in the op histogram', () => {
    const r = new Recorder(['get', 'set']);
    const gets = seededValues(1, 1000, 50, 30_000);
    for (const v of gets) r.ok(0, v, false);
    r.fail(0, true);
    r.fail(1, false);
    const t = r.drain();
    const h = decodeHistogram(t.get.hist);
    expect(h.totalCount).toBe(gets.length);
    expectHdr(h.getValueAtPercentile(50), exactPercentile(gets, 50));
    expectHdr(h.getValueAtPercentile(99), exactPercentile(gets, 99));
    h.destroy();
    const s = decodeHistogram(t.set.hist);
    expect(s.totalCount).toBe(0);
    s.destroy();
  });

  it("keeps each op's latencies and counters apart, though they share one array", () => {
    const r = new Recorder(['get', 'set', 'del']);
    r.ok(0, 1_000_000, false);
    r.ok(1, 10, true);
    r.ok(1, 20, false);
    r.unavailable(2);
    const t = r.drain();
    expect(t.get).toMatchObject({ count: 1, notFound: 0, unavailable: 0 });
    expect(t.set).toMatchObject({ count: 2, notFound: 1, unavailable: 0 });
    expect(t.del).toMatchObject({ count: 0, unavailable: 1 });
    const [g, s, d] = [t.get, t.set, t.del].map((o) => decodeHistogram(o.hist));
    expect(g.totalCount).toBe(1);
    expectHdr(g.minNonZeroValue, 1_000_000);
    expectHdr(g.maxValue, 1_000_000);
    expect([s.totalCount, s.minNonZeroValue, s.maxValue]).toEqual([2, 10, 20]);
    expect(d.totalCount).toBe(0);
    for (const h of [g, s, d]) h.destroy();
  });

  it('drain resets counters and histograms', () => {
    const r = new Recorder(['get']);
    r.ok(0, 1_000_000, true);
    r.fail(0, true);
    r.fail(0, false);
    r.drain();
    const empty = r.drain();
    expect(empty.get).toMatchObject({ count: 0, errors: 0, timeouts: 0, notFound: 0 });
    const h = decodeHistogram(empty.get.hist);
    expect(h.totalCount).toBe(0);
    h.destroy();

    // the next second only holds what happened after the drain
    r.ok(0, 10, false);
    const next = r.drain();
    expect(next.get.count).toBe(1);
    const n = decodeHistogram(next.get.hist);
    expect(n.totalCount).toBe(1);
    expect(n.maxValue).toBe(10);
    n.destroy();
  });

  it('survives an absurd latency (clamped, counted)', () => {
    const r = new Recorder(['get']);
    expect(() => r.ok(0, HIGHEST_US * 100, false)).not.toThrow();
    const t = r.drain();
    expect(t.get.count).toBe(1);
    const h = decodeHistogram(t.get.hist);
    expect(h.totalCount).toBe(1);
    h.destroy();
  });

  it('counts every latency exactly once, whether its ring filled or the drain found it part full', () => {
    const lib = (values: readonly number[]): string => {
      const h = createHistogram();
      for (const v of values) recordUs(h, v);
      const e = encodeHistogram(h);
      h.destroy();
      return e;
    };
    const r = new Recorder(['get', 'put']);
    const draw = seededValues(7, 3 * RING + 5, 20, 900_000);
    // Interleaved, as a mixed load answers: gets fill their ring twice and part of a third, puts fall one short.
    const gets = draw.slice(0, 2 * RING + 6);
    const puts = draw.slice(2 * RING + 6);
    expect(puts.length).toBe(RING - 1);
    for (let k = 0; k < gets.length; k++) {
      r.ok(0, gets[k], k % 3 === 0);
      if (k < puts.length) r.ok(1, puts[k], false);
    }
    const first = r.drain();
    expect(first.get).toMatchObject({ count: gets.length, notFound: Math.ceil(gets.length / 3) });
    expect(first.get.hist).toBe(lib(gets));
    expect(first.put.hist).toBe(lib(puts));
    // Nothing noted before a drain is counted again after it.
    r.ok(1, 42, false);
    const second = r.drain();
    expect(second.get.hist).toBe(lib([]));
    expect(second.put.hist).toBe(lib([42]));
  });

  it("keeps each op's exact sum, min and max as recorded, not its buckets' bounds, and none for an op without answers", () => {
    const r = new Recorder(['get', 'put', 'del']);
    // Fractions of a microsecond and values a 3-digit bucket widens (100_003 lies in the bucket 100_000..100_063).
    const gets = [...seededValues(3, 2 * RING + 9, 20, 900_000), 100_003.25, 7.5];
    for (const v of gets) r.ok(0, v, false);
    r.ok(1, 1234.5, true);
    r.fail(2, false);
    const t = r.drain();
    expect(t.get.exact).toStrictEqual({
      sum: gets.reduce((a, v) => a + v, 0),
      min: Math.min(...gets),
      max: Math.max(...gets),
    });
    expect(t.put.exact).toStrictEqual({ sum: 1234.5, min: 1234.5, max: 1234.5 });
    expect(t.del.exact).toBeUndefined();
    // The next second starts again: its min is its own, not the last second's.
    r.ok(0, 500_000, false);
    expect(r.drain().get.exact).toStrictEqual({ sum: 500_000, min: 500_000, max: 500_000 });
    expect(r.drain().get.exact).toBeUndefined();
  });
});
