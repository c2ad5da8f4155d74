import { describe, expect, it } from 'vitest';
import { compareRuns, CompareError, fmtChange } from '../../app/stats/compare';
import { p99Series, serverP99Series, throughputSeries, TOTAL } from '../../app/stats/series';
import { settingsDiff } from '../../app/stats/settings-diff';
import { fixtureRun, steady } from './run-fixture';

describe('per-second series', () => {
  const run = fixtureRun('a', steady(4, { get: { count: 10, us: 1000 } }), { warmup: steady(2, { get: { count: 99, us: 9 } }) });

  it('counts measured seconds only, per op type and in total', () => {
    expect(throughputSeries(run.samples, 'get')).toEqual([10, 11, 12, 10]);
    expect(throughputSeries(run.samples, TOTAL)).toEqual([10, 11, 12, 10]);
    expect(throughputSeries(run.samples, 'put')).toEqual([0, 0, 0, 0]);
  });

  it('has p99 in ms for seconds that had the op, and none for an op never run', () => {
    expect(p99Series(run.samples, 'get').map((v) => Math.round(v))).toEqual([1, 1, 1, 1]);
    expect(p99Series(run.samples, 'put')).toEqual([]);
  });

  it("has the servers' own p99 per measured second, the slowest node's, null where no node timed anything", () => {
    expect(serverP99Series(run.samples)).toBeNull();
    const timed = (p99Bucket: number) => ({ 'latency.read.n': 100, 'latency.read.b4': 99, [`latency.read.b${p99Bucket}`]: 1 });
    const node = (id: string, rates: Record<string, number>) => ({ id, address: id, rates });
    const nodes = [[node('a', timed(1024)), node('b', timed(64))], [], [node('a', timed(2048))], [node('a', {})]];
    const samples = run.samples.map((s) => (s.phase === 'run' ? { ...s, nodes: nodes[s.second - 2] } : s));
    expect(serverP99Series(samples)).toEqual([0.004, null, 0.004, null]);
    const slow = samples.map((s) =>
      s.second === 2 ? { ...s, nodes: [node('a', { 'latency.read.n': 10, 'latency.read.b1024': 10 })] } : s,
    );
    expect(serverP99Series(slow)![0]).toBe(1.024);
  });
});

describe('comparison', () => {
  const base = fixtureRun('base', steady(20, { get: { count: 100, us: 1000 }, put: { count: 30, us: 2000 } }));
  const faster = fixtureRun('fast', steady(20, { get: { count: 130, us: 800 }, put: { count: 30, us: 1900 } }), { sets: ['inFlight=16'] });
  const getsOnly = fixtureRun('gets', steady(20, { get: { count: 100, us: 1000 } }));

  it('shows the change of a clearly faster run as significant, with p and n', () => {
    const c = compareRuns([base, faster]);
    const get = c.throughput.find((r) => r.op === 'get')!;
    expect(get.cells[0]?.mean).toBeCloseTo(101, 0);
    expect(get.cells[1]?.changePct).toBeCloseTo(((131 - 101) / 101) * 100, 0);
    expect(get.cells[1]?.significant).toBe(true);
    expect(fmtChange(get.cells[0], get.cells[1])).toMatch(/^\+29\.\d% \[\+2\d\.\d% to \+[23]\d\.\d%\] \(p<0\.001 n=20\+20 s\)$/);
    expect(get.cells[1]).toMatchObject({ method: 'welch-seconds-ar1', nRuns: [1, 1], nSeconds: [20, 20] });
  });

  it("gives the change's size in the figure's unit with its 95% interval: the difference of the means", () => {
    const c = compareRuns([base, faster]);
    const get = c.throughput.find((r) => r.op === 'get')!;
    const shift = get.cells[1]!.shift!;
    expect(shift.estimate).toBeCloseTo(30, 9);
    expect(shift.low!).toBeLessThanOrEqual(30);
    expect(shift.high!).toBeGreaterThanOrEqual(30);
    const fmt = (v: number) => v.toFixed(0);
    expect(fmtChange(get.cells[0], get.cells[1], fmt)).toBe(
      `${fmtChange(get.cells[0], get.cells[1])}, shift +30 (95% CI +${fmt(shift.low!)} to +${fmt(shift.high!)})`,
    );
    const put = c.throughput.find((r) => r.op === 'put')!;
    expect(fmtChange(put.cells[0], put.cells[1], fmt)).toBe('~ 0.0% [-1.7% to +1.7%] (p=1.000 n=20+20 s), shift 0 (95% CI -1 to +1)');
  });

  it('prints ~ for a change that is not significant', () => {
    const c = compareRuns([base, faster]);
    const put = c.throughput.find((r) => r.op === 'put')!;
    expect(put.cells[1]?.significant).toBe(false);
    expect(fmtChange(put.cells[0], put.cells[1])).toBe('~ 0.0% [-1.7% to +1.7%] (p=1.000 n=20+20 s)');
  });

  it('leaves an op type a run never ran absent, not zero, and still compares the total', () => {
    const c = compareRuns([base, getsOnly]);
    expect(c.throughput.find((r) => r.op === 'put')?.cells[1]).toBeNull();
    expect(c.throughput.map((r) => r.op)).toEqual(['get', 'put', 'total']);
    expect(c.latency.find((r) => r.op === 'put')?.perRun[1]).toBeNull();
  });

  it('lists the settings that differ, and only those', () => {
    expect(compareRuns([base, faster]).settings).toEqual([{ path: 'inFlight', values: [base.header.scenario.inFlight, 16] }]);
    expect(settingsDiff([base.header.scenario, base.header.scenario])).toEqual([]);
  });

  it('takes 2 to 8 runs and a baseline among them', () => {
    expect(() => compareRuns([base])).toThrow(CompareError);
    expect(() => compareRuns(Array.from({ length: 9 }, () => base))).toThrow(/2 to 8 runs, got 9/);
    expect(() => compareRuns([base, faster], 2)).toThrow(/baseline/);
    expect(compareRuns([base, faster], 1).throughput[0].cells[1]?.p).toBeUndefined();
  });
});

describe('when the seconds are too few to judge', () => {
  it('says a +266% change over 2 seconds a side is too few to judge, never "~"', () => {
    const slow = fixtureRun('slow2', steady(2, { get: { count: 11_655, us: 1000 } }));
    const fast = fixtureRun('fast2', steady(2, { get: { count: 42_628, us: 1000 } }));
    const get = compareRuns([slow, fast]).throughput.find((r) => r.op === 'get')!;
    expect(get.cells[1]?.tooFew).toBe(true);
    expect(get.cells[1]?.significant).toBe(false);
    const shown = fmtChange(get.cells[0], get.cells[1]);
    expect(shown).toBe('+265.7%, too few independent seconds to judge (n=2+2 s)');
    expect(shown).not.toMatch(/~/);
  });
});
