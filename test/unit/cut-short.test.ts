import { describe, expect, it } from 'vitest';
import { mergeTicks } from '../../app/metrics/merge-ticks';
import { type Sample } from '../../app/metrics/sample';
import { summarize } from '../../app/metrics/summary';
import { cutShortNote } from '../../app/metrics/cut-short';
import { compareRuns } from '../../app/stats/compare';
import { runSecondsCsv } from '../../app/report/exports';
import { fixtureRun } from './run-fixture';
import { rep, tick } from './helpers';

const AT = 1_700_000_000_000;
const second = (k: number, n: number, covered?: number): Sample =>
  mergeTicks(k, 'run', AT + (k + 1) * 1000, [tick(0, k, { get: { values: rep(100, n) } }, covered === undefined ? {} : { covered })]);

describe('a second the load ran in only part of (a run stopped mid-second)', () => {
  it('takes the longest any worker ran in it, and none when one of them ran all of it', () => {
    const t = (w: number, covered?: number) => tick(w, 3, { get: { values: [100] } }, covered === undefined ? {} : { covered });
    expect(mergeTicks(3, 'run', AT, [t(0, 0.2), t(1, 0.25)]).covered).toBe(0.25);
    expect(mergeTicks(3, 'run', AT, [t(0, 0.2), t(1)]).covered).toBeUndefined();
    expect(mergeTicks(3, 'run', AT, [t(0), t(1)]).covered).toBeUndefined();
  });

  it('counts in the totals and percentiles, not among the per-second rates', () => {
    const samples = [second(0, 100), second(1, 120), second(2, 110), second(3, 7, 0.06)];
    const s = summarize(samples, 'stopped');
    expect(s.total.ops).toBe(337);
    expect(s.seconds).toBe(4);
    expect(s.cutShortSeconds).toBe(1);
    expect(s.total.opsPerSec).toEqual({ mean: 110, median: 110, min: 100, max: 120 });
    expect(s.ops.get.opsPerSec.min).toBe(100);
    expect(cutShortNote(s)).toMatch(/^the last second was cut short .*left out of the ops\/s mean, median, min and max/);
    expect(cutShortNote(summarize(samples.slice(0, 3), 'done'))).toBeUndefined();
  });

  it('is left out of a comparison, and marked in the per-second CSV', () => {
    const full = fixtureRun('a', [{ get: { us: rep(100, 10) } }, { get: { us: rep(100, 10) } }]);
    const cut = fixtureRun('b', [{ get: { us: rep(100, 10) } }, { get: { us: rep(100, 1) } }]);
    cut.samples[1] = { ...cut.samples[1], covered: 0.1 };
    const c = compareRuns([full, cut]);
    expect(c.throughput.find((r) => r.op === 'get')!.cells.map((x) => x?.n)).toEqual([2, 1]);
    expect(runSecondsCsv(cut).split('\r\n')[2].split(',').at(-1)).toBe('0.1');
  });
});
