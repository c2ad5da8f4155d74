import { describe, expect, it } from 'vitest';
import { compareGroups } from '../../app/stats/compare-groups';
import { CompareError, compareRuns, groupTable, verdictLines } from '../../app/stats/compare';
import { fixtureRun, steady } from './run-fixture';

const runAt = (id: string, count: number) => fixtureRun(id, steady(20, { get: { count, us: 1000 } }));
const group = (prefix: string, counts: number[]) => counts.map((n, i) => runAt(`${prefix}${i}`, n));

describe('a comparison of groups of runs', () => {
  const a = group('a', [100, 110, 95]);
  const same = group('s', [104, 93, 108]);
  const faster = group('f', [150, 158, 146]);

  it('judges on the runs: each run one value, Welch on three a side, no change for runs as spread as the baseline', () => {
    const c = compareGroups([a, same], ['before', 'after']);
    const total = c.groups!.throughput.find((r) => r.op === 'total')!;
    expect(total.cells[0]!.perRun.map((v) => Math.round(v!))).toEqual([101, 111, 96]);
    expect(total.cells[1]).toMatchObject({ method: 'welch-runs', nRuns: [3, 3], nSeconds: [60, 60], significant: false });
    expect(verdictLines(c)).toEqual([
      expect.stringMatching(
        /^after vs before: verdict: no significant change in ops\/s or p99 \(Welch's t-test on the runs, n=3\+3 runs\)$/,
      ),
    ]);
  });

  it('finds a change well beyond the runs spread, with its 95 % interval from the runs', () => {
    const c = compareGroups([a, faster], ['before', 'after']);
    const cell = c.groups!.throughput.find((r) => r.op === 'total')!.cells[1]!;
    expect(cell.significant).toBe(true);
    expect(cell.changePct).toBeCloseTo(((152.3 - 102.7) / 102.7) * 100, 0);
    expect(cell.changeLowPct!).toBeLessThan(cell.changePct!);
    expect(cell.changeHighPct!).toBeGreaterThan(cell.changePct!);
    const rows = groupTable(c.groups!, c.groups!.throughput, (v) => v.toFixed(0));
    expect(rows[0]).toEqual(['op', 'group', 'runs', 'mean', 'change']);
    expect(rows).toContainEqual(['total', 'before (base)', '101, 111, 96', '103', '']);
    expect(rows.find((r) => r[0] === 'total' && r[1] === 'after')![4]).toMatch(
      /^\+48\.\d% \[\+\d\d\.\d% to \+\d\d\.\d%\] \(p=0\.\d{3} n=3\+3 runs\), shift \+50 \(95% CI \+\d+ to \+\d+\)$/,
    );
  });

  it('where one run a side, the same runs read from their seconds would call a change of the spread alone significant', () => {
    const one = compareRuns([a[0], same[1]]);
    expect(one.throughput.find((r) => r.op === 'total')!.cells[1]!.significant).toBe(true);
    expect(verdictLines(one).join('\n')).toMatch(
      /cannot speak for run-to-run noise[\s\S]*kvscope run kv-async --repeat 3[\s\S]*--vs B1 B2 B3/,
    );
  });

  it('pools the variance when one side has a single run, and says it', () => {
    const c = compareGroups([a, [faster[0]]], ['before', 'after']);
    expect(c.groups!.throughput.find((r) => r.op === 'total')!.cells[1]).toMatchObject({ method: 'student-runs', nRuns: [3, 1] });
  });

  it('refuses fewer than two groups, an empty group and more runs than a chart can show', () => {
    expect(() => compareGroups([a], ['x'])).toThrow(CompareError);
    expect(() => compareGroups([a, []], ['x', 'y'])).toThrow(/at least one run/);
    expect(() => compareGroups([group('m', Array(9).fill(100)), group('n', Array(9).fill(100))], ['x', 'y'])).toThrow(/at most 16 runs/);
  });
});
