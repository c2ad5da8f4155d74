import { describe, expect, it } from 'vitest';
import { describeValueSizes, largestValue, type ValueSizes } from '../../app/scenario/value-sizes';
import { parseScenario } from '../../app/scenario/schema';
import { Rng } from '../../workers/load/keys';
import { Values } from '../../workers/load/values';
import { binValues } from '../../workers/load/drivers/aerospike/keys';

const DRAWS = 100_000;

const lengths = (sizes: ValueSizes | undefined, valueSize = 1024, seed = 1): number[] => {
  const v = new Values(new Rng(seed), valueSize, sizes);
  return Array.from({ length: DRAWS }, () => v.next().length);
};

describe('value sizes', () => {
  it('without valueSizes every write takes the one value of valueSize', () => {
    expect(new Set(lengths(undefined, 777))).toEqual(new Set([777]));
  });

  it('uniform covers the range, both ends included, evenly', () => {
    const xs = lengths({ kind: 'uniform', min: 100, max: 4100 });
    expect(Math.min(...xs)).toBe(100);
    expect(Math.max(...xs)).toBe(4100);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean).toBeGreaterThan(2050);
    expect(mean).toBeLessThan(2150);
    expect(xs.filter((x) => x < 1100).length / xs.length).toBeCloseTo(0.25, 1);
  });

  it('weighted draws each size by its weight, and a weight of 0 never', () => {
    const xs = lengths({
      kind: 'weighted',
      sizes: [
        { size: 10, weight: 8 },
        { size: 5000, weight: 2 },
        { size: 99, weight: 0 },
      ],
    });
    expect(xs.filter((x) => x === 10).length / DRAWS).toBeCloseTo(0.8, 2);
    expect(xs.filter((x) => x === 5000).length / DRAWS).toBeCloseTo(0.2, 2);
    expect(xs.includes(99)).toBe(false);
  });

  it('repeats its values for a seed', () => {
    const sizes: ValueSizes = { kind: 'uniform', min: 1, max: 64 };
    expect(lengths(sizes, 0, 5).slice(0, 500)).toEqual(lengths(sizes, 0, 5).slice(0, 500));
    const a = new Values(new Rng(5), 0, sizes);
    const b = new Values(new Rng(5), 0, sizes);
    expect(Array.from({ length: 50 }, () => a.next())).toEqual(Array.from({ length: 50 }, () => b.next()));
  });

  it('aerospike bins carry the drawn sizes and their bytes', () => {
    const s = parseScenario({
      target: { kind: 'aerospike', binType: 'bytes' },
      valueSizes: {
        kind: 'weighted',
        sizes: [
          { size: 3, weight: 1 },
          { size: 300, weight: 1 },
        ],
      },
    });
    const t = s.target as Parameters<typeof binValues>[1];
    const v = binValues(s, t, 1);
    const seen = new Set(
      Array.from({ length: 200 }, () => v.next()).map((r) => `${Buffer.isBuffer(r.value)} ${r.bytes} ${(r.bins.v as Buffer).length}`),
    );
    expect(seen).toEqual(new Set(['true 3 3', 'true 300 300']));
  });

  it('describe themselves and give the largest size for memory estimates', () => {
    expect(describeValueSizes(1024, undefined)).toBe('1024 B');
    expect(describeValueSizes(0, { kind: 'uniform', min: 100, max: 4096 })).toBe('uniform 100 to 4096 B');
    expect(
      largestValue(0, {
        kind: 'weighted',
        sizes: [
          { size: 9, weight: 1 },
          { size: 90_000, weight: 0 },
        ],
      }),
    ).toBe(9);
  });
});

describe('valueSizes in a scenario', () => {
  it('is refused with the field and the reason where it cannot apply or is malformed', () => {
    const uniform = { kind: 'uniform', min: 1, max: 10 };
    expect(() => parseScenario({ target: { kind: 'builtin-kv' }, valueSizes: uniform })).toThrow(
      /valueSizes.*not builtin-kv: give valueSize/,
    );
    expect(() => parseScenario({ target: { kind: 'aerospike', binType: 'integer' }, valueSizes: uniform })).toThrow(
      /valueSizes.*integer bins/,
    );
    expect(() => parseScenario({ target: { kind: 'redis' }, valueSizes: { kind: 'uniform', min: 10, max: 1 } })).toThrow(
      /valueSizes\.max.*at least min/,
    );
    expect(() => parseScenario({ target: { kind: 'redis' }, valueSizes: { kind: 'weighted', sizes: [] } })).toThrow(
      /valueSizes\.sizes.*at least one/,
    );
    expect(() => parseScenario({ target: { kind: 'redis' }, valueSizes: { kind: 'weighted', sizes: [{ size: 1, weight: 0 }] } })).toThrow(
      /valueSizes\.sizes.*more than 0/,
    );
    expect(parseScenario({ target: { kind: 'redis' }, valueSizes: uniform }).valueSizes).toEqual(uniform);
  });
});
