import { describe, expect, it } from 'vitest';
import { keyFor, makeValue, Rng } from '../../workers/load/keys';
import { cumulativeWeights, OpPicker } from '../../workers/load/picker';

/** Inverse of a base-26 a-z key, computed independently of keyFor. */
function indexOf(key: string): number {
  let n = 0;
  for (const c of key) n = n * 26 + (c.charCodeAt(0) - 97);
  return n;
}

describe('keyFor', () => {
  it('gives exactly keyLength lower-case letters', () => {
    for (const length of [1, 2, 3, 10, 16, 64]) {
      for (const i of [0, 1, 25, 26, 675, 676, 999, 123_456, 2 ** 31 - 1]) {
        const k = keyFor(i, length);
        expect(k, `${i}/${length}`).toHaveLength(length);
        expect(k).toMatch(/^[a-z]+$/);
      }
    }
  });

  it('gives distinct keys for every index below 26^length', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 26 ** 3; i++) seen.add(keyFor(i, 3));
    expect(seen.size).toBe(26 ** 3);
    const ten = new Set<string>();
    for (let i = 0; i < 20_000; i++) ten.add(keyFor(i * 7919, 10));
    expect(ten.size).toBe(20_000);
  });

  it('is the base-26 spelling of the index', () => {
    for (const i of [0, 1, 26, 27, 675, 17_575, 1000, 987_654]) expect(indexOf(keyFor(i, 10))).toBe(i);
    expect(keyFor(0, 3)).toBe('aaa');
    expect(keyFor(27, 3)).toBe('abb');
  });
});

describe('Rng', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = new Rng(12345);
    const b = new Rng(12345);
    const c = new Rng(12346);
    const xs = Array.from({ length: 1000 }, () => a.next());
    const ys = Array.from({ length: 1000 }, () => b.next());
    const zs = Array.from({ length: 1000 }, () => c.next());
    expect(xs).toEqual(ys);
    expect(zs).not.toEqual(xs);
  });

  it('stays in [0, 1) and int(n) in [0, n), roughly uniform', () => {
    for (const seed of [0, 1, 42, 2 ** 31 - 1, 2 ** 32 - 1, 1_000_003 * 7 + 3]) {
      const r = new Rng(seed);
      let sum = 0;
      const buckets = new Array(10).fill(0);
      const N = 20_000;
      for (let i = 0; i < N; i++) {
        const x = r.next();
        expect(x >= 0 && x < 1).toBe(true);
        sum += x;
        buckets[r.int(10)]++;
      }
      expect(Math.abs(sum / N - 0.5), `seed ${seed}`).toBeLessThan(0.02);
      for (const b of buckets) expect(Math.abs(b / N - 0.1), `seed ${seed}`).toBeLessThan(0.015);
    }
  });

  it('does not get stuck on seed 0', () => {
    const r = new Rng(0);
    const xs = new Set(Array.from({ length: 100 }, () => r.next()));
    expect(xs.size).toBe(100);
  });

  it('makeValue gives exactly size printable bytes, reproducibly', () => {
    const v = makeValue(2000, new Rng(3));
    expect(v).toHaveLength(2000);
    expect(Buffer.byteLength(v)).toBe(2000);
    expect(v).toMatch(/^[a-z]+$/);
    expect(makeValue(2000, new Rng(3))).toBe(v);
    expect(makeValue(0, new Rng(3))).toBe('');
  });
});

describe('cumulativeWeights', () => {
  it('accumulates in the order of ops, missing ops weigh 0', () => {
    const c = cumulativeWeights(['a', 'b', 'c'], { a: 0.2, c: 0.8 });
    expect(c[0]).toBeCloseTo(0.2, 12);
    expect(c[1]).toBeCloseTo(0.2, 12);
    expect(c[2]).toBeCloseTo(1, 12);
  });
});

describe('OpPicker, weighted mix', () => {
  it('draws ops with the given frequencies (100k draws, fixed seed)', () => {
    const ops = ['a', 'b', 'c'];
    const weights = { a: 0.2, b: 0.5, c: 0.3 };
    const p = new OpPicker(new Rng(2024), cumulativeWeights(ops, weights), 1000, 10);
    const counts = [0, 0, 0];
    const N = 100_000;
    for (let i = 0; i < N; i++) {
      p.advance();
      counts[p.op]++;
    }
    // binomial sd at N=100k is <= 0.0016; 0.01 is > 6 sd
    ops.forEach((o, i) => expect(Math.abs(counts[i] / N - weights[o as keyof typeof weights]), o).toBeLessThan(0.01));
  });

  it('never picks an op of weight 0', () => {
    const p = new OpPicker(new Rng(5), cumulativeWeights(['get', 'put'], { get: 1 }), 100, 4);
    for (let i = 0; i < 10_000; i++) {
      p.advance();
      expect(p.op).toBe(0);
    }
    const q = new OpPicker(new Rng(5), cumulativeWeights(['get', 'put'], { put: 1 }), 100, 4);
    for (let i = 0; i < 10_000; i++) {
      q.advance();
      expect(q.op).toBe(1);
    }
  });

  it('picks keys of keyLength from the whole key space and no further', () => {
    const keySpace = 50;
    const p = new OpPicker(new Rng(9), cumulativeWeights(['get', 'put'], { get: 0.5, put: 0.5 }), keySpace, 6);
    const seen = new Set<number>();
    for (let i = 0; i < 20_000; i++) {
      p.advance();
      expect(p.key()).toHaveLength(6);
      const idx = indexOf(p.key());
      expect(idx).toBeLessThan(keySpace);
      seen.add(idx);
    }
    expect(seen.size).toBe(keySpace);
  });

  it('repeats the same ops and keys for the same seed', () => {
    const run = (seed: number) => {
      const p = new OpPicker(new Rng(seed), cumulativeWeights(['get', 'set'], { get: 0.7, set: 0.3 }), 1e6, 12);
      return Array.from({ length: 500 }, () => {
        p.advance();
        return `${p.op}:${p.key()}`;
      });
    };
    expect(run(77)).toEqual(run(77));
    expect(run(78)).not.toEqual(run(77));
  });
});

describe('OpPicker, reads-per-write cycle', () => {
  const GET = 0;
  const PUT = 1;

  it('issues 1 write then N reads of the same key, over and over', () => {
    for (const reads of [1, 3, 7]) {
      const p = new OpPicker(new Rng(1), [], 1_000_000, 10, [GET, PUT, reads]);
      const keys = new Set<string>();
      for (let cycle = 0; cycle < 50; cycle++) {
        p.advance();
        expect(p.op, `cycle ${cycle} write`).toBe(PUT);
        const key = p.key();
        expect(key).toHaveLength(10);
        keys.add(key);
        for (let r = 0; r < reads; r++) {
          p.advance();
          expect(p.op, `cycle ${cycle} read ${r}`).toBe(GET);
          expect(p.key()).toBe(key);
        }
      }
      // a fresh key per write (key space of a million: collisions among 50 are very unlikely)
      expect(keys.size).toBeGreaterThanOrEqual(49);
    }
  });

  it('with 0 reads per write, writes only', () => {
    const p = new OpPicker(new Rng(1), [], 1000, 4, [GET, PUT, 0]);
    for (let i = 0; i < 100; i++) {
      p.advance();
      expect(p.op).toBe(PUT);
    }
  });

  it('pickers sharing one Rng keep their own cycles', () => {
    const rng = new Rng(3);
    const a = new OpPicker(rng, [], 1_000_000, 8, [GET, PUT, 2]);
    const b = new OpPicker(rng, [], 1_000_000, 8, [GET, PUT, 2]);
    a.advance();
    b.advance();
    const ka = a.key();
    const kb = b.key();
    expect(ka).not.toBe(kb);
    for (let i = 0; i < 2; i++) {
      a.advance();
      b.advance();
      expect([a.op, a.key()]).toEqual([GET, ka]);
      expect([b.op, b.key()]).toEqual([GET, kb]);
    }
    a.advance();
    expect(a.op).toBe(PUT);
  });
});
