import { describe, expect, it } from 'vitest';
import { createHistogram, decodeHistogram, encodeHistogram, HIGHEST_US, recordUs } from '../../app/metrics/histogram';
import { LatencyCounts } from '../../workers/load/latency-counts';

function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** The same values through the library's recordValue and through LatencyCounts: the encodings must match byte for byte. */
function bothWays(values: readonly number[]): [string, string] {
  const h = createHistogram();
  for (const v of values) recordUs(h, v);
  const counts = new LatencyCounts();
  for (const v of values) counts.record(v);
  const out: [string, string] = [encodeHistogram(h), counts.encode()];
  h.destroy();
  return out;
}

describe('LatencyCounts (the load loop latency recorder)', () => {
  it('every bucket edge lands where the library puts it', () => {
    const edges: number[] = [];
    for (let k = 0; k < 31; k++) for (const d of [-1, 0, 1]) edges.push(2 ** k + d);
    const [lib, fast] = bothWays(edges.filter((v) => v >= 0));
    expect(fast).toBe(lib);
  });

  for (const [name, draw] of [
    ['sub-millisecond', (r: () => number) => r() * 900],
    ['long tail', (r: () => number) => 100 + 5e7 * r() ** 12],
    ['fractions, zeros, negatives and values past the top', (r: () => number) => (r() - 0.1) * HIGHEST_US * 1.5],
  ] as const) {
    it(`encodes exactly as recording each value would: ${name}`, () => {
      const r = seeded(name.length);
      const values = Array.from({ length: 20_000 }, () => draw(r));
      const [lib, fast] = bothWays(values);
      expect(fast).toBe(lib);
    });
  }

  it('starts again from zero after each encoding', () => {
    const c = new LatencyCounts();
    for (const v of [5_000, 90_000, 3]) c.record(v);
    c.encode();
    c.record(7);
    const h = decodeHistogram(c.encode());
    expect(h.totalCount).toBe(1);
    expect(h.maxValue).toBe(7);
    h.destroy();
    const empty = decodeHistogram(c.encode());
    expect(empty.totalCount).toBe(0);
    empty.destroy();
    expect(c.encode()).toBe(bothWays([])[0]);
  });
});
