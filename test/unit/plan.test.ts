import { describe, expect, it } from 'vitest';
import { MAX_REPEAT, MAX_SWEEP_CELLS, parseSweep, PlanError, planRuns } from '../../app/plan/plan';
import { runTitle } from '../../app/run/title';
import { median, repeatStats } from '../../app/plan/repeats';
import { findScenario } from '../../app/scenario/catalog';

const kv = () => findScenario('kv-async') as unknown as Record<string, unknown>;

describe('sweep syntax', () => {
  it('reads comma lists and JSON arrays, values as JSON when they parse', () => {
    expect(parseSweep('valueSize=3,1024,102400')).toEqual({ setting: 'valueSize', values: [3, 1024, 102400] });
    expect(parseSweep('target.mode=async, cluster')).toEqual({ setting: 'target.mode', values: ['async', 'cluster'] });
    expect(parseSweep('inFlight=[1,8,64]')).toEqual({ setting: 'inFlight', values: [1, 8, 64] });
  });

  it('refuses a single value or a bad key', () => {
    expect(() => parseSweep('inFlight=8')).toThrow(/at least two values/);
    expect(() => parseSweep('__proto__.x=1,2')).toThrow(/invalid key/);
  });
});

describe('planning runs', () => {
  it('one run, no group, when there is nothing to repeat or sweep', () => {
    const runs = planRuns(kv(), { repeat: 1 });
    expect(runs).toHaveLength(1);
    expect(runs[0].group).toBeUndefined();
  });

  it('repeats share a group id and count through their index', () => {
    const runs = planRuns(kv(), { repeat: 3 });
    expect(runs.map((r) => r.group?.index)).toEqual([0, 1, 2]);
    expect(new Set(runs.map((r) => r.group?.id)).size).toBe(1);
    expect(runs.every((r) => r.group?.kind === 'repeat' && r.group.count === 3)).toBe(true);
  });

  it('a sweep applies each value, repeated, in order', () => {
    const runs = planRuns(kv(), { repeat: 2, sweeps: [{ setting: 'inFlight', values: [1, 8, 64] }] });
    expect(runs.map((r) => r.scenario.inFlight)).toEqual([1, 1, 8, 8, 64, 64]);
    expect(runs.map((r) => r.group?.value)).toEqual([1, 1, 8, 8, 64, 64]);
    expect(runs.every((r) => r.group?.kind === 'sweep' && r.group.setting === 'inFlight' && r.group.count === 6)).toBe(true);
  });

  it('names the setting, the value and the reason of a bad swept value before anything runs', () => {
    let err: unknown;
    try {
      planRuns(kv(), { repeat: 1, sweeps: [{ setting: 'inFlight', values: [8, -1] }] });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PlanError);
    expect((err as PlanError).message).toMatch(/^inFlight=-1: inFlight: /);
    expect((err as PlanError).errors[0].field).toBe('inFlight');
  });

  it('bounds the repeat count', () => {
    expect(() => planRuns(kv(), { repeat: 0 })).toThrow(/repeat: must be a whole number from 1/);
    expect(() => planRuns(kv(), { repeat: MAX_REPEAT + 1 })).toThrow(PlanError);
  });
});

describe('grid sweeps', () => {
  const grid = [
    { setting: 'valueSize', values: [3, 1024, 102400] },
    { setting: 'target.mode', values: ['async', 'cluster'] },
  ];

  it('runs every combination, the first setting outermost, each repeated', () => {
    const runs = planRuns(kv(), { repeat: 2, sweeps: grid });
    expect(runs).toHaveLength(12);
    expect(runs.map((r) => `${r.scenario.valueSize}/${(r.scenario.target as { mode: string }).mode}`)).toEqual([
      '3/async',
      '3/async',
      '3/cluster',
      '3/cluster',
      '1024/async',
      '1024/async',
      '1024/cluster',
      '1024/cluster',
      '102400/async',
      '102400/async',
      '102400/cluster',
      '102400/cluster',
    ]);
    // The comparison groups by the outer setting: each run names it, and its whole cell.
    expect(runs.map((r) => r.group?.value)).toEqual([3, 3, 3, 3, 1024, 1024, 1024, 1024, 102400, 102400, 102400, 102400]);
    expect(runs[2].group?.cell).toEqual([
      { setting: 'valueSize', value: 3 },
      { setting: 'target.mode', value: 'cluster' },
    ]);
    expect(runs.map((r) => r.group?.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it("names and labels each run by its swept values, after the user's own label", () => {
    const runs = planRuns(kv(), { repeat: 1, sweeps: grid, label: 'before upgrade' });
    expect(runs[1].label).toBe('before upgrade valueSize=3 target.mode=cluster');
    expect(runTitle({ name: 'kv-async', id: 'x', group: runs[1].group })).toBe('kv-async valueSize=3 target.mode=cluster');
    const sweep = planRuns(kv(), { repeat: 1, sweeps: [{ setting: 'inFlight', values: [1, 8] }] });
    expect(sweep.map((r) => r.label)).toEqual(['inFlight=1', 'inFlight=8']);
    expect(sweep[0].group?.cell).toBeUndefined();
    expect(planRuns(kv(), { repeat: 1, label: 'alone' })[0].label).toBe('alone');
  });

  it('refuses a setting swept twice, too many combinations, and names a bad cell', () => {
    expect(() => planRuns(kv(), { repeat: 1, sweeps: [grid[0], grid[0]] })).toThrow(/valueSize is swept twice/);
    const many = [
      { setting: 'inFlight', values: [1, 2, 3, 4, 5] },
      { setting: 'workers', values: [1, 2, 3, 4, 5] },
    ];
    expect(5 * 5).toBeGreaterThan(MAX_SWEEP_CELLS);
    expect(() => planRuns(kv(), { repeat: 1, sweeps: many })).toThrow(/25 combinations, at most/);
    expect(() => planRuns(kv(), { repeat: 1, sweeps: [grid[0], { setting: 'inFlight', values: [8, -1] }] })).toThrow(
      /^valueSize=3 inFlight=-1: inFlight: /,
    );
    expect(() => planRuns(kv(), { repeat: 1, label: 'x'.repeat(201) })).toThrow(/label: at most 200 characters/);
  });
});

describe('repeat statistics', () => {
  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('marks a run that stands apart by its modified z-score, not one within the spread', () => {
    const s = repeatStats([1000, 1010, 990, 1005, 600]);
    expect(s.median).toBe(1000);
    expect(s.mad).toBe(10);
    expect(s.outliers).toEqual([4]);
    expect(s.spread).toBeCloseTo((1010 - 600) / 1000, 12);
    expect(repeatStats([1000, 1010, 990, 1005, 985]).outliers).toEqual([]);
  });

  it('needs three runs to call an outlier', () => {
    expect(repeatStats([100, 1]).outliers).toEqual([]);
    expect(repeatStats([5, 5, 5, 9]).outliers).toEqual([3]);
  });
});

describe('secrets in a plan', () => {
  it('a password cannot be swept: sweep values are shown in the window and written to every run header', () => {
    const redis = { name: 'r', target: { kind: 'redis', password: 'a' } };
    expect(() => planRuns(redis, { repeat: 1, sweeps: [{ setting: 'target.password', values: ['one-secret', 'two-secret'] }] })).toThrow(
      PlanError,
    );
    expect(() => planRuns(redis, { repeat: 1, sweeps: [{ setting: 'target.password', values: ['one-secret', 'two-secret'] }] })).toThrow(
      /secret/,
    );
    expect(planRuns(redis, { repeat: 1, sweeps: [{ setting: 'target.port', values: [6379, 6380] }] })).toHaveLength(2);
  });
});
