import { describe, expect, it } from 'vitest';
import type { Sample } from '../../app/metrics/sample';
import { SummaryBuilder, summarize } from '../../app/metrics/summary';
import { compareRuns } from '../../app/stats/compare';
import { fullStrength, throughputSeries, TOTAL } from '../../app/stats/series';
import { NO_NODES, TICK_GRACE_MS, TickMerger } from '../../main/engine/tick-merger';
import { comparisonText } from '../../main/cli/compare-view';
import { fixtureRun, steady } from './run-fixture';
import { rep, seededValues, tick, type OpSpec } from './helpers';

const T0 = 1_000_000;
const end = (k: number) => T0 + (k + 1) * 1000;

describe('each sample says how many workers contributed', () => {
  it('a worker that dies leaves its seconds short; one that finished is no longer expected', () => {
    const out: Sample[] = [];
    const m = new TickMerger(3, 0, T0, (s) => out.push(s), NO_NODES);
    for (const w of [0, 1, 2]) m.add(tick(w, 0, { get: { values: [100] } }));
    m.flush(end(0));
    m.add(tick(0, 1, { get: { values: [100] } }));
    m.add(tick(1, 1, { get: { values: [100] } }));
    m.died(2);
    m.finished(1, 1);
    m.flush(end(1));
    m.add(tick(0, 2, { get: { values: [100] } }));
    m.finished(0, 2);
    m.flush(end(2) + TICK_GRACE_MS);
    expect(out.map((s) => s.strength)).toEqual([
      { expected: 3, reporting: 3 },
      { expected: 3, reporting: 2 },
      // Worker 1 finished with second 1: only 0 and the lost 2 are expected.
      { expected: 2, reporting: 1 },
    ]);
    expect(m.missingFrom(2)).toBe(1);
  });
});

describe('comparisons leave out seconds with fewer workers by default', () => {
  it('the per-second series and Mann-Whitney use only full-strength seconds, and the output says how many were left out', () => {
    const base = fixtureRun('base0000-0000-4000-8000-000000000001', steady(12, { get: { count: 40, us: 150 } }));
    const cand = fixtureRun('cand0000-0000-4000-8000-000000000002', steady(12, { get: { count: 40, us: 150 } }));
    // The candidate lost a worker for its last 4 seconds: a quarter of its load.
    cand.samples = cand.samples.map((s, i) =>
      i >= 8
        ? { ...s, totals: { ...s.totals, count: 10 }, strength: { expected: 2, reporting: 1 } }
        : { ...s, strength: { expected: 2, reporting: 2 } },
    );
    expect(fullStrength(cand.samples)).toHaveLength(8);
    const c = compareRuns([base, cand]);
    const total = (x: typeof c) => x.throughput.find((r) => r.op === TOTAL)!.cells[1]!;
    expect(c.partialLeftOut).toEqual([0, 4]);
    expect(total(c).n).toBe(8);
    expect(total(c).mean).toBeCloseTo(
      throughputSeries(cand.samples, TOTAL)
        .slice(0, 8)
        .reduce((a, b) => a + b, 0) / 8,
      9,
    );
    expect(comparisonText(c)).toMatch(/seconds with fewer workers than expected, left out of throughput and p99: .*cand0000: 4 s/);
    const all = compareRuns([base, cand], 0, { includePartial: true });
    expect(all.partialLeftOut).toEqual([0, 0]);
    expect(total(all).n).toBe(12);
    expect(total(all).mean).toBeLessThan(total(c).mean);
  });
});

describe('the summary is built as samples arrive', () => {
  it('gives the same summary as one computed from every sample at the end', () => {
    const samples: Sample[] = Array.from({ length: 40 }, (_, k) => {
      const m: Sample[] = [];
      const merger = new TickMerger(1, 5, T0, (s) => m.push(s), NO_NODES);
      const ops: Record<string, OpSpec> =
        k % 7 === 3
          ? { get: { values: seededValues(k, 20 + (k % 5), 100, 5000) } }
          : { get: { values: seededValues(k, 30 + (k % 9), 100, 5000), errors: k % 2 }, put: { values: rep(300, k % 4) } };
      merger.add(tick(0, k, ops));
      merger.finished(0, k);
      merger.flush(end(k), { force: true });
      return { ...m[m.length - 1], second: k, phase: k < 5 ? 'warmup' : 'run' };
    });
    const b = new SummaryBuilder();
    for (const s of samples) b.add(s);
    expect(b.finish('done')).toEqual(summarize(samples, 'done'));
    // Exact median of the per-second throughputs from the tally, against a sort of them all (35 measured seconds).
    const gets = samples
      .filter((s) => s.phase === 'run')
      .map((s) => s.ops.get.count)
      .sort((x, y) => x - y);
    expect(gets).toHaveLength(35);
    expect(summarize(samples, 'done').ops.get.opsPerSec.median).toBe(gets[17]);
    // put is missing in some seconds: they count as zero throughput, also before put was first seen.
    const puts = samples
      .filter((s) => s.phase === 'run')
      .map((s) => s.ops.put?.count ?? 0)
      .sort((x, y) => x - y);
    expect(summarize(samples, 'done').ops.put.opsPerSec).toMatchObject({ median: puts[17], min: puts[0], max: puts[34] });
  });
});
