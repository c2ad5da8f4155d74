import * as hdr from 'hdr-histogram-js';
import { describe, expect, it } from 'vitest';
import { addEncoded } from '../../app/metrics/hdr-add';
import { createHistogram, encodeHistogram, HIGHEST_US, latencyStats } from '../../app/metrics/histogram';
import { countsOf, encodeSparse, mergeCounts, statsOf } from '../../app/metrics/sparse-counts';
import { histOf, seededValues } from './helpers';

/** What main's merge gave before sparse counts: every encoding added into one library histogram, then read. */
function throughHistogram(encoded: readonly string[]) {
  const h = createHistogram();
  for (const e of encoded) addEncoded(h, e);
  const out = { stats: latencyStats(h), encoded: encodeHistogram(h) };
  h.destroy();
  return out;
}

function sparse(encoded: readonly string[]) {
  const merged = mergeCounts(encoded.map(countsOf));
  return { stats: statsOf(merged), encoded: encodeSparse(merged) };
}

describe('sparse counts (main merges a second as lists of non-empty buckets)', () => {
  const cases: [string, string[]][] = [
    ['one worker, 0.2 to 9 ms', [histOf(seededValues(1, 4000, 200, 9_000))]],
    [
      'three workers, overlapping and apart',
      [histOf(seededValues(2, 300, 100, 2_000)), histOf(seededValues(3, 200, 5_000, 90_000)), histOf(seededValues(4, 900, 1_500, 3_000))],
    ],
    ['zeros and ones only', [histOf([0, 0, 1, 0, 1]), histOf([0])]],
    ['only zeros', [histOf([0, 0, 0])]],
    ['huge values up to the top', [histOf(seededValues(5, 700, 1e8, HIGHEST_US)), histOf([HIGHEST_US, 3])]],
    ['an empty second beside a full one', [histOf([]), histOf(seededValues(6, 50, 10, 1_000_000))]],
    ['nothing at all', [histOf([]), histOf([])]],
  ];
  for (const [name, encoded] of cases) {
    it(`gives the library histogram's figures and encoding to the last bit: ${name}`, () => {
      expect(sparse(encoded)).toEqual(throughHistogram(encoded));
    });
  }

  it('merging leaves nothing behind for the next second (its scratch is zeroed)', () => {
    const a = [histOf(seededValues(7, 500, 1, 50_000)), histOf(seededValues(8, 500, 1, 50_000))];
    const b = [histOf([40, 41]), histOf([42])];
    // A merge on its own (the second's total is merged and read, never encoded), then the next ones.
    mergeCounts(a.map(countsOf));
    expect(statsOf(mergeCounts(b.map(countsOf)))).toEqual(throughHistogram(b).stats);
    expect(statsOf(mergeCounts(a.map(countsOf)))).toEqual(throughHistogram(a).stats);
  });

  it("reads another shape (two significant digits) into createHistogram's buckets, as the library adds it", () => {
    const other = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: HIGHEST_US, numberOfSignificantValueDigits: 2 });
    for (const v of seededValues(9, 500, 1, 100_000)) other.recordValue(v);
    const encoded = encodeHistogram(other);
    other.destroy();
    const h = createHistogram();
    addEncoded(h, encoded);
    expect(encodeSparse(countsOf(encoded))).toBe(encodeHistogram(h));
    expect(statsOf(countsOf(encoded)).count).toBe(500);
    h.destroy();
  });

  it('refuses what is not a histogram, and an encoding past its range', () => {
    expect(() => countsOf('bm90IGEgaGlzdG9ncmFt')).toThrow(/not a V2 histogram/);
    const good = Buffer.from(histOf([10]), 'base64');
    // 49,152 empty buckets (the range has 21,504), then a count of 1.
    const run = Buffer.from([0xff, 0xff, 0x05, 0x02]);
    const bad = Buffer.concat([good.subarray(0, 40), run]);
    bad.writeInt32BE(run.length, 4);
    expect(() => countsOf(bad.toString('base64'))).toThrow(/runs past its range/);
  });
});
