import { describe, expect, it } from 'vitest';
import { compareRuns, CompareError, fmtChange } from '../../app/stats/compare';
import { mannWhitney, neededPerSide, normalUpperTail, ranks, smallestP } from '../../app/stats/mann-whitney';
import { p99Series, serverP99Series, throughputSeries, TOTAL } from '../../app/stats/series';
import { settingsDiff } from '../../app/stats/settings-diff';
import { fixtureRun, steady } from './run-fixture';

/** Two-sided exact p by listing every way to pick which ranks are the first sample's (small n, no ties). */
function bruteForceP(a: number[], b: number[]): number {
  const n = a.length + b.length;
  const uOf = (picked: number[]) => picked.reduce((s, r) => s + r, 0) - (a.length * (a.length + 1)) / 2;
  const observed = mannWhitney(a, b).uMin;
  let total = 0;
  let extreme = 0;
  const pick = (start: number, chosen: number[]) => {
    if (chosen.length === a.length) {
      const u = uOf(chosen);
      total++;
      if (Math.min(u, a.length * b.length - u) <= observed) extreme++;
      return;
    }
    for (let r = start; r <= n; r++) pick(r + 1, [...chosen, r]);
  };
  pick(1, []);
  // Both tails: the symmetric distribution's two tails each hold P(U <= observed); capped at 1.
  return Math.min(1, extreme / total);
}

describe('Mann-Whitney U', () => {
  it('gives the exact two-sided p of fully separated samples: 2 / C(10, 5)', () => {
    const t = mannWhitney([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]);
    expect(t.u).toBe(0);
    expect(t.method).toBe('exact');
    expect(t.p).toBeCloseTo(2 / 252, 12);
  });

  it('matches a brute-force count of every rank assignment for small samples without ties', () => {
    const cases: [number[], number[]][] = [
      [
        [1.1, 3.2, 5.3, 7.4],
        [2.5, 4.6, 6.7, 8.8, 9.9],
      ],
      [
        [10, 20, 30],
        [15, 25, 35, 45, 55, 65],
      ],
      [
        [3, 9, 1, 7, 5, 11],
        [2, 4, 6, 8],
      ],
    ];
    for (const [a, b] of cases) expect(mannWhitney(a, b).p).toBeCloseTo(bruteForceP(a, b), 10);
  });

  it('ranks ties by their mean rank and corrects the variance for them', () => {
    expect(ranks([1, 2, 2, 2, 3, 3]).ranks).toEqual([1, 3, 3, 3, 5.5, 5.5]);
    // By hand: ranks 1, 3, 3, 5.5 -> R1 = 12.5, U = 2.5; tie term 24 + 6 + 6 = 36;
    // var = 20/12 * (10 - 36/72) = 15.8333; z = (7.5 - 0.5) / 3.97911 = 1.75919; p = 2 * (1 - Phi(z)).
    const t = mannWhitney([1, 2, 2, 3], [2, 3, 4, 4, 5]);
    expect(t.u).toBe(2.5);
    expect(t.method).toBe('normal');
    expect(t.p).toBeCloseTo(0.07855, 3);
  });

  it('gives p = 1 for identical samples and refuses an empty one', () => {
    expect(mannWhitney([5, 5, 5], [5, 5, 5]).p).toBe(1);
    expect(() => mannWhitney([], [1])).toThrow(/both sides/);
  });

  it('has a normal tail accurate to the fourth decimal', () => {
    expect(normalUpperTail(0)).toBeCloseTo(0.5, 6);
    expect(normalUpperTail(1.959964)).toBeCloseTo(0.025, 5);
    expect(normalUpperTail(3)).toBeCloseTo(0.0013499, 6);
  });
});

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
    expect(fmtChange(get.cells[0], get.cells[1])).toMatch(/^\+29\.\d% \(p<0\.001 n=20\+20\)$/);
  });

  it("gives the change's size in the figure's unit with its 95% interval: the Hodges-Lehmann shift", () => {
    const c = compareRuns([base, faster]);
    const get = c.throughput.find((r) => r.op === 'get')!;
    const shift = get.cells[1]!.shift!;
    expect(shift.estimate).toBe(30);
    expect(shift.low!).toBeLessThanOrEqual(30);
    expect(shift.high!).toBeGreaterThanOrEqual(30);
    const fmt = (v: number) => v.toFixed(0);
    expect(fmtChange(get.cells[0], get.cells[1], fmt)).toBe(
      `${fmtChange(get.cells[0], get.cells[1])}, shift +30 (95% CI +${fmt(shift.low!)} to +${fmt(shift.high!)})`,
    );
    const put = c.throughput.find((r) => r.op === 'put')!;
    expect(fmtChange(put.cells[0], put.cells[1], fmt)).toBe('~ (p=1.000 n=20+20), shift 0 (95% CI -1 to +1)');
  });

  it('prints ~ for a change that is not significant', () => {
    const c = compareRuns([base, faster]);
    const put = c.throughput.find((r) => r.op === 'put')!;
    expect(put.cells[1]?.significant).toBe(false);
    expect(fmtChange(put.cells[0], put.cells[1])).toBe('~ (p=1.000 n=20+20)');
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
  it('knows the smallest p each sample size allows, and that 4+4 is the least that can reach 0.05', () => {
    expect(smallestP(2, 2)).toBeCloseTo(2 / 6, 12);
    expect(smallestP(3, 3)).toBeCloseTo(0.1, 12);
    expect(smallestP(4, 4)).toBeCloseTo(2 / 70, 12);
    expect(smallestP(20, 20)).toBeLessThan(1e-10);
    expect(neededPerSide()).toBe(4);
  });

  it('says a +266% change over 2 seconds a side is too few seconds to judge, never "~"', () => {
    const slow = fixtureRun('slow2', steady(2, { get: { count: 11_655, us: 1000 } }));
    const fast = fixtureRun('fast2', steady(2, { get: { count: 42_628, us: 1000 } }));
    const get = compareRuns([slow, fast]).throughput.find((r) => r.op === 'get')!;
    expect(get.cells[1]?.tooFew).toBe(true);
    expect(get.cells[1]?.significant).toBe(false);
    const shown = fmtChange(get.cells[0], get.cells[1]);
    expect(shown).toBe('+265.7%, too few seconds to judge: needs at least 4+4 (n=2+2)');
    expect(shown).not.toMatch(/~/);
  });
});
