import { describe, expect, it } from 'vitest';
import { KeyDistributionSchema, describeKeyDistribution, hotKeyCount, type KeyDistribution } from '../../app/scenario/key-distribution';
import { parseScenario } from '../../app/scenario/schema';
import { keyChooser } from '../../workers/load/key-chooser';
import { Rng } from '../../workers/load/keys';
import { Zipf, zeta } from '../../workers/load/zipf';

const DRAWS = 200_000;

const dist = (d: unknown): KeyDistribution => KeyDistributionSchema.parse(d);

function draws(d: KeyDistribution | undefined, n: number, count = DRAWS, write = () => false, seed = 7): number[] {
  const c = keyChooser(d, n, new Rng(seed), { id: 0, of: 1 });
  return Array.from({ length: count }, () => c.next(write()));
}

function counts(xs: number[], n: number): number[] {
  const out = new Array<number>(n).fill(0);
  for (const x of xs) out[x]++;
  return out;
}

describe('zeta and the zipfian draw', () => {
  it('sums zeta exactly at first and by its integral past that, to within 1e-9', () => {
    const n = 400_000;
    let exact = 0;
    for (let i = 1; i <= n; i++) exact += 1 / i ** 0.99;
    expect(Math.abs(zeta(n, 0.99) - exact) / exact).toBeLessThan(1e-9);
  });

  it('draws rank r with weight 1/(r+1)^theta: exactly for the first two, closely past them', () => {
    const n = 1000;
    const z = new Zipf(new Rng(3), n, 0.99);
    const c = counts(
      Array.from({ length: DRAWS }, () => z.rank()),
      n,
    );
    const zn = zeta(n, 0.99);
    const share = (r: number): number => 1 / (r + 1) ** 0.99 / zn;
    for (const r of [0, 1]) expect(c[r] / DRAWS).toBeCloseTo(share(r), 2);
    // Past rank 1 Gray's method approximates the power law by a continuous curve.
    for (const r of [2, 9, 99]) expect(Math.abs(c[r] / DRAWS / share(r) - 1)).toBeLessThan(0.25);
    // The top 1 % of ranks take their share of the operations (about 44 % here).
    const top = c.slice(0, 10).reduce((a, b) => a + b, 0) / DRAWS;
    expect(Math.abs(top - zeta(10, 0.99) / zn)).toBeLessThan(0.02);
  });
});

describe('key choosers', () => {
  it('keep every index inside the key space, for small and large spaces', () => {
    for (const kind of ['uniform', 'zipfian', 'hotspot', 'latest', 'sequential']) {
      for (const n of [1, 2, 3, 1_000_003]) {
        const xs = draws(dist({ kind }), n, 5000, () => Math.random() < 0.3);
        expect(
          xs.every((x) => Number.isInteger(x) && x >= 0 && x < n),
          `${kind} over ${n}`,
        ).toBe(true);
      }
    }
  });

  it('repeat the same keys for the same seed, and others for another', () => {
    const d = dist({ kind: 'zipfian' });
    expect(draws(d, 10_000, 1000)).toEqual(draws(d, 10_000, 1000));
    expect(draws(d, 10_000, 1000, () => false, 8)).not.toEqual(draws(d, 10_000, 1000));
  });

  it('zipfian scatters the hot keys over the key space, not on its first indices', () => {
    const n = 100_000;
    const c = counts(draws(dist({ kind: 'zipfian' }), n), n);
    const hottest = c
      .map((k, i) => [k, i])
      .sort((a, b) => b[0] - a[0])
      .slice(0, 10)
      .map(([, i]) => i);
    // The hottest key takes about 1/zeta(n) of the draws (8 % for 100,000 keys at 0.99).
    expect(Math.max(...c) / DRAWS).toBeCloseTo(1 / zeta(n, 0.99), 2);
    expect(hottest.filter((i) => i < 10)).toHaveLength(0);
    expect(Math.max(...hottest) - Math.min(...hottest)).toBeGreaterThan(n / 10);
  });

  it('hotspot puts its share of operations on the first hotFraction of keys', () => {
    const n = 10_000;
    const xs = draws(dist({ kind: 'hotspot', hotFraction: 0.1, hotShare: 0.9 }), n);
    const hot = hotKeyCount(n, 0.1);
    expect(hot).toBe(1000);
    expect(xs.filter((x) => x < hot).length / DRAWS).toBeCloseTo(0.9, 2);
    // Uniform inside the cold part too.
    const cold = xs.filter((x) => x >= hot);
    expect(cold.filter((x) => x < hot + (n - hot) / 2).length / cold.length).toBeCloseTo(0.5, 1);
  });

  it('latest inserts at its own cursor and reads the keys written most recently', () => {
    const n = 100_000;
    const c = keyChooser(dist({ kind: 'latest' }), n, new Rng(1), { id: 1, of: 4 });
    // Worker 1 of 4 starts a quarter into the key space.
    expect([c.next(true), c.next(true), c.next(true)]).toEqual([25_000, 25_001, 25_002]);
    const reads = Array.from({ length: 20_000 }, () => c.next(false));
    const ages = reads.map((k) => (25_002 - k + n) % n);
    expect(ages.filter((a) => a === 0).length / reads.length).toBeCloseTo(1 / zeta(n, 0.99), 2);
    expect(ages.filter((a) => a < 100).length / reads.length).toBeGreaterThan(0.35);
  });

  it("sequential walks the key space from the worker's own start and wraps", () => {
    const c = keyChooser(dist({ kind: 'sequential' }), 10, new Rng(1), { id: 1, of: 2 });
    expect(Array.from({ length: 12 }, () => c.next(false))).toEqual([5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6]);
  });

  it('uniform (and no distribution at all) is flat', () => {
    const n = 100;
    for (const d of [undefined, dist({ kind: 'uniform' })]) {
      const c = counts(draws(d, n), n);
      expect(Math.max(...c) / Math.min(...c)).toBeLessThan(1.3);
    }
  });
});

describe('keyDistribution in a scenario', () => {
  const base = { target: { kind: 'builtin-kv' } };

  it("takes YCSB's defaults and describes itself", () => {
    const s = parseScenario({ ...base, keyDistribution: { kind: 'zipfian' } });
    expect(s.keyDistribution).toEqual({ kind: 'zipfian', theta: 0.99 });
    expect(describeKeyDistribution(s.keyDistribution)).toBe('zipfian 0.99');
    expect(describeKeyDistribution(parseScenario({ ...base, keyDistribution: { kind: 'hotspot' } }).keyDistribution)).toBe(
      'hotspot 80 % of operations on 20 % of keys',
    );
    expect(parseScenario(base).keyDistribution).toBeUndefined();
  });

  it('refuses a theta of 1 or an unknown kind, naming the field', () => {
    expect(() => parseScenario({ ...base, keyDistribution: { kind: 'zipfian', theta: 1 } })).toThrow(/keyDistribution\.theta.*under 1/);
    expect(() => parseScenario({ ...base, keyDistribution: { kind: 'pareto' } })).toThrow(/keyDistribution\.kind/);
    expect(() => parseScenario({ ...base, keyDistribution: { kind: 'hotspot', hotShare: 2 } })).toThrow(/keyDistribution\.hotShare/);
  });
});
