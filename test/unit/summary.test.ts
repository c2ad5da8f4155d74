import { describe, expect, it } from 'vitest';
import { createHistogram, decodeHistogram, latencyStats } from '../../app/metrics/histogram';
import type { MeasuredPhase, OpSample, Sample, WorkerSample } from '../../app/metrics/sample';
import { SATURATED_ELU, spread, summarize, SummaryBuilder } from '../../app/metrics/summary';
import { fitBounds, type Buckets } from '../../app/metrics/latency-buckets';
import { exactPercentile, expectHdr, histOf, rep, seededValues } from './helpers';

interface OpIn {
  values: number[];
  errors?: number;
  timeouts?: number;
  notFound?: number;
}

function worker(id: number, rss: number, elu = 0.1): WorkerSample {
  return { id, mem: { rss, heapUsed: 1, external: 1 }, elu, cpu: 0.1, inFlight: 1, backlog: 0 };
}

/**
 * A sample built by hand: counts are the number of values; the latency field
 * is deliberately a dummy, so summaries can only be right by re-merging the histograms.
 */
function sample(
  second: number,
  phase: MeasuredPhase,
  ops: Record<string, OpIn>,
  workers: WorkerSample[] = [worker(0, 100)],
  bytes = { in: 0, out: 0 },
): Sample {
  const dummy = latencyStats(createHistogram());
  const o: Record<string, OpSample> = {};
  const totals = { count: 0, errors: 0, timeouts: 0, notFound: 0 };
  for (const [name, x] of Object.entries(ops)) {
    o[name] = {
      count: x.values.length,
      errors: x.errors ?? 0,
      timeouts: x.timeouts ?? 0,
      notFound: x.notFound ?? 0,
      latency: dummy,
      hist: histOf(x.values),
    };
    totals.count += x.values.length;
    totals.errors += x.errors ?? 0;
    totals.timeouts += x.timeouts ?? 0;
    totals.notFound += x.notFound ?? 0;
  }
  return { second, phase, at: second * 1000, ops: o, totals, latency: dummy, bytesIn: bytes.in, bytesOut: bytes.out, workers, nodes: [] };
}

describe('spread', () => {
  it('mean, median (odd and even), min, max', () => {
    expect(spread([5, 1, 3])).toEqual({ mean: 3, median: 3, min: 1, max: 5 });
    expect(spread([10, 40, 20, 30])).toEqual({ mean: 25, median: 25, min: 10, max: 40 });
    expect(spread([7, 1, 1, 100])).toEqual({ mean: 27.25, median: 4, min: 1, max: 100 });
    expect(spread([])).toEqual({ mean: 0, median: 0, min: 0, max: 0 });
  });
});

describe('summarize', () => {
  // Warm-up: slow and numerous, so any leak into the results shows.
  const warm = [
    sample(0, 'warmup', { get: { values: rep(900_000, 500), errors: 3, timeouts: 1 } }, [worker(0, 5000), worker(1, 10)]),
    sample(1, 'warmup', { get: { values: rep(800_000, 500), errors: 2 }, put: { values: rep(700_000, 100) } }, [
      worker(0, 10),
      worker(1, 10),
    ]),
  ];
  // Run: per-second get counts 10, 30, 20, 40, 50 (put absent in second 4).
  const getCounts = [10, 30, 20, 40, 50];
  const putCounts = [5, 5, 5, 5, 0];
  const getVals = getCounts.map((n, i) => seededValues(100 + i, n, 100 * (i + 1), 2_000 * (i + 1)));
  const putVals = putCounts.map((n, i) => seededValues(200 + i, n, 50, 20_000));
  const run = getCounts.map((_, i) => {
    const ops: Record<string, OpIn> = { get: { values: getVals[i], errors: 1, notFound: i } };
    if (putCounts[i] > 0) ops.put = { values: putVals[i], timeouts: 2 };
    return sample(2 + i, 'run', ops, [worker(0, 100 + i), worker(1, 2000 + i * 100)], { in: 1000 * (i + 1), out: 10 });
  });
  const s = summarize([...warm, ...run], 'done');

  it('keeps warm-up apart from the run', () => {
    expect(s.status).toBe('done');
    expect(s.seconds).toBe(5);
    expect(s.warmup).toEqual({ seconds: 2, ops: 1100, errors: 6 });
    const sumGet = getCounts.reduce((a, b) => a + b, 0);
    expect(s.ops.get.ops).toBe(sumGet);
    expect(s.ops.put.ops).toBe(20);
    expect(s.total.ops).toBe(sumGet + 20);
    // no warm-up latency (>= 700 ms) in the results
    expect(s.total.latency.max).toBeLessThan(700_000);
  });

  it('sums errors, timeouts and not-found over the run', () => {
    expect(s.ops.get).toMatchObject({ errors: 5, timeouts: 0, notFound: 0 + 1 + 2 + 3 + 4 });
    expect(s.ops.put).toMatchObject({ errors: 0, timeouts: 8, notFound: 0 });
    expect(s.total).toMatchObject({ errors: 5, timeouts: 8, notFound: 10 });
  });

  it('ops/s mean, median, min and max over the run seconds (an absent op counts 0)', () => {
    expect(s.ops.get.opsPerSec).toEqual({ mean: 30, median: 30, min: 10, max: 50 });
    expect(s.ops.put.opsPerSec).toEqual({ mean: 4, median: 5, min: 0, max: 5 });
    // per second totals: 15, 35, 25, 45, 50
    expect(s.total.opsPerSec).toEqual({ mean: 34, median: 35, min: 15, max: 50 });
  });

  it('percentiles come from the merged histograms of the run', () => {
    const gets = getVals.flat();
    const all = [...gets, ...putVals.flat()];
    for (const [l, values] of [
      [s.ops.get.latency, gets],
      [s.total.latency, all],
    ] as const) {
      expect(l.count).toBe(values.length);
      expectHdr(l.p50, exactPercentile(values, 50));
      expectHdr(l.p90, exactPercentile(values, 90));
      expectHdr(l.p99, exactPercentile(values, 99));
      expectHdr(l.p999, exactPercentile(values, 99.9));
      expectHdr(l.max, Math.max(...values));
    }
    // and not the average of per-second p99s (which differs a lot here)
    const perSecondP99 = getVals.map((v) => exactPercentile(v, 99));
    const averaged = perSecondP99.reduce((a, b) => a + b, 0) / perSecondP99.length;
    expect(Math.abs(averaged - exactPercentile(gets, 99))).toBeGreaterThan(1000);
  });

  it('cumulative buckets of the run, on bounds that fit its latencies', () => {
    const all = [...getVals.flat(), ...putVals.flat()];
    const b = s.total.buckets as Buckets;
    const { min, p999 } = s.total.latency;
    expect(b.boundsMs).toEqual(fitBounds(min, p999));
    // Values are random integers, so hitting a bound exactly is unlikely; allow one value of slack.
    b.boundsMs.forEach((ms, i) => {
      const exact = all.filter((v) => v <= ms * 1000).length / all.length;
      expect(Math.abs(b.shares[i] - exact), `<= ${ms} ms`).toBeLessThanOrEqual(1 / all.length + 1e-12);
    });
    // Every op type on the same bounds, so the table's columns line up.
    for (const o of Object.values(s.ops)) expect((o.buckets as Buckets).boundsMs).toEqual(b.boundsMs);
  });

  it("the run so far, summarized after its last second, has the final summary's figures (the tiles show both)", () => {
    const b = new SummaryBuilder();
    const soFar: number[] = [];
    for (const x of [...warm, ...run]) {
      b.add(x);
      if (b.seconds > 0) soFar.push(b.finish('interrupted').total.opsPerSec.mean);
    }
    const last = b.finish('interrupted');
    b.dispose();
    const { status: _s, outcome: _o, ...figures } = last;
    const { status: _fs, outcome: _fo, ...final } = s;
    expect(figures).toEqual(final);
    expect(soFar).toHaveLength(5);
    expect(soFar.at(-1)).toBe(s.total.opsPerSec.mean);
  });

  it("uses the scenario's own bounds when it sets them", () => {
    const own = summarize([...warm, ...run], 'done', { latencyBucketsMs: [0.5, 3] });
    expect((own.total.buckets as Buckets).boundsMs).toEqual([0.5, 3]);
  });

  it('bytes per second over the run', () => {
    expect(s.bytesInPerSec).toBe((1000 + 2000 + 3000 + 4000 + 5000) / 5);
    expect(s.bytesOutPerSec).toBe(10);
  });

  it('peak RSS per worker over warm-up and run', () => {
    expect(s.peakRss).toEqual({ 0: 5000, 1: 2400 });
  });

  it('counts seconds in which any worker was saturated, once per second', () => {
    const elus: [number, number][] = [
      [0.2, SATURATED_ELU], // exactly at the threshold: saturated
      [SATURATED_ELU - 0.01, 0.5],
      [0.99, 0.95], // two saturated workers, one second
      [0.1, 0.1],
      [1, 0],
    ];
    const samples = elus.map(([a, b], i) => sample(i, 'run', { get: { values: [100] } }, [worker(0, 1, a), worker(1, 1, b)]));
    const expected = elus.filter(([a, b]) => a >= SATURATED_ELU || b >= SATURATED_ELU).length;
    expect(expected).toBe(3);
    expect(summarize(samples, 'stopped').saturatedSeconds).toBe(expected);
  });

  it('re-encoded per-op histograms merge to the same result as a single pass', () => {
    // summary from samples built by one big second equals summary from split seconds
    const values = seededValues(9, 1000, 100, 50_000);
    const one = summarize([sample(0, 'run', { get: { values } })], 'done');
    const split = summarize(
      [sample(0, 'run', { get: { values: values.slice(0, 300) } }), sample(1, 'run', { get: { values: values.slice(300) } })],
      'done',
    );
    expect(split.ops.get.latency.p99).toBe(one.ops.get.latency.p99);
    expect(split.ops.get.latency.p50).toBe(one.ops.get.latency.p50);
    expect(split.ops.get.latency.count).toBe(1000);
    const h = decodeHistogram(histOf(values));
    expect(split.total.latency.p999).toBe(h.getValueAtPercentile(99.9));
    h.destroy();
  });

  it('an empty run summarises to zeros with the given status', () => {
    const e = summarize([], 'interrupted');
    expect(e.status).toBe('interrupted');
    expect(e.seconds).toBe(0);
    expect(e.ops).toEqual({});
    expect(e.total.ops).toBe(0);
    expect(e.total.opsPerSec).toEqual({ mean: 0, median: 0, min: 0, max: 0 });
    expect(e.bytesInPerSec).toBe(0);
    expect(e.saturatedSeconds).toBe(0);
    expect(e.warmup).toEqual({ seconds: 0, ops: 0, errors: 0 });
  });
});
