import { deflateSync, inflateSync } from 'node:zlib';
import * as hdr from 'hdr-histogram-js';
import { describe, expect, it } from 'vitest';
import { addEncoded, addEncodedTo } from '../../app/metrics/hdr-add';
import { createHistogram, encodeHistogram, HIGHEST_US, latencyStats, type Histogram } from '../../app/metrics/histogram';
import { histOf, seededValues } from './helpers';

/** The library's decoder of the plain V2 form (the deflated one's is decodeFromCompressedBase64). */
const decodePlain = (hdr.JsHistogram as unknown as { decode(bytes: Uint8Array): Histogram }).decode;
const isPlain = (encoded: string): boolean => (Buffer.from(encoded, 'base64').readInt32BE(0) & ~0xf0) === 0x1c849303;

/** What the library's own decode-then-add gives, for either form. */
function libraryAdd(into: Histogram, encoded: string): void {
  const h = isPlain(encoded) ? decodePlain(Buffer.from(encoded, 'base64')) : hdr.decodeFromCompressedBase64(encoded, 32, false);
  into.add(h);
  h.destroy();
}

function stateOf(h: Histogram) {
  return { encoded: encodeHistogram(h), total: h.totalCount, max: h.maxValue, min: h.minNonZeroValue, stats: latencyStats(h) };
}

/** Both ways into fresh histograms (or into copies of `start`), compared field by field. */
function expectSameAsLibrary(encoded: readonly string[], start: readonly number[] = []): void {
  const ours = createHistogram();
  const theirs = createHistogram();
  for (const v of start) {
    ours.recordValue(v);
    theirs.recordValue(v);
  }
  for (const e of encoded) {
    addEncoded(ours, e);
    libraryAdd(theirs, e);
  }
  expect(stateOf(ours)).toEqual(stateOf(theirs));
}

/** An encoding with its plain bytes changed by `edit` (re-deflated if it was deflated). */
function rewritten(encoded: string, edit: (raw: Buffer) => Buffer): string {
  const bytes = Buffer.from(encoded, 'base64');
  if (isPlain(encoded)) return edit(bytes).toString('base64');
  const raw = edit(Buffer.from(inflateSync(bytes.subarray(8, 8 + bytes.readInt32BE(4)))));
  const packed = deflateSync(raw);
  const head = Buffer.alloc(8);
  head.writeInt32BE(bytes.readInt32BE(0), 0);
  head.writeInt32BE(packed.length, 4);
  return Buffer.concat([head, packed]).toString('base64');
}

describe('addEncoded: the library decode-and-add, to the last bit', () => {
  it.each([
    ['latencies around a millisecond', seededValues(1, 5000, 200, 5000)],
    ['a wide spread up to the top of the range', seededValues(2, 3000, 1, HIGHEST_US)],
    ['zeros among them (a zero is counted but is no minimum)', [0, 0, 3, 7, 7, 7, 2048, 2049, 1_000_000]],
    ['only zeros', [0, 0, 0]],
    ['one value at the clamp', [HIGHEST_US]],
    ['nothing', []],
  ])('%s', (_what, values) => {
    expectSameAsLibrary([histOf(values)]);
  });

  it('reads the deflated form too (the run files of earlier builds), into the same histogram', () => {
    const values = seededValues(7, 4000, 1, 3_000_000);
    const h = createHistogram();
    for (const v of values) h.recordValue(v);
    const deflated = hdr.encodeIntoCompressedBase64(h);
    expect(isPlain(deflated)).toBe(false);
    expect(isPlain(histOf(values))).toBe(true);
    expectSameAsLibrary([deflated, histOf(values)]);
    const a = createHistogram();
    const b = createHistogram();
    addEncoded(a, deflated);
    addEncoded(b, histOf(values));
    expect(stateOf(a)).toEqual(stateOf(b));
  });

  it('adds into a histogram that already holds values, several encodings in a row', () => {
    expectSameAsLibrary([histOf(seededValues(3, 800, 50, 90_000)), histOf([]), histOf(seededValues(4, 800, 1, 400))], [5, 70_000, 1]);
  });

  it('takes the library way for another shape (two significant digits) and still adds the same', () => {
    const other = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: HIGHEST_US, numberOfSignificantValueDigits: 2 });
    for (const v of seededValues(5, 500, 1, 100_000)) other.recordValue(v);
    expectSameAsLibrary([hdr.encodeIntoCompressedBase64(other)]);
    expectSameAsLibrary([encodeHistogram(other)]);
  });

  it('refuses an encoding whose buckets run past its range, and leaves the histogram as it was', () => {
    const good = histOf([10, 20, 30]);
    // A run of empty buckets as long as the whole range, then one count: past the last bucket.
    const longRun = Buffer.from([0xff, 0xff, 0x05, 0x02]); // 49,152 empty buckets (the range has 21,504), then a count of 1
    const bad = rewritten(good, (raw) => {
      const out = Buffer.concat([raw.subarray(0, 40), longRun]);
      out.writeInt32BE(longRun.length, 4);
      return out;
    });
    const h = createHistogram();
    addEncoded(h, good);
    const before = stateOf(h);
    expect(() => addEncoded(h, bad)).toThrow(/runs past its range/);
    expect(stateOf(h)).toEqual(before);
    // Into several, one of another shape among them: none is changed.
    const other = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: HIGHEST_US, numberOfSignificantValueDigits: 2 });
    expect(() => addEncodedTo([h, other], bad)).toThrow(/runs past its range/);
    expect(stateOf(h)).toEqual(before);
    expect(other.totalCount).toBe(0);
  });

  it('adds one encoding into several histograms, each as addEncoded alone would (one already holding values, one of another shape)', () => {
    const encoded = histOf(seededValues(6, 900, 20, 250_000));
    const fresh = createHistogram();
    const holding = createHistogram();
    const other = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: HIGHEST_US, numberOfSignificantValueDigits: 2 });
    for (const v of [3, 9_000, 40]) holding.recordValue(v);
    const expected = [createHistogram(), createHistogram()];
    for (const v of [3, 9_000, 40]) expected[1].recordValue(v);
    const otherAlone = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: HIGHEST_US, numberOfSignificantValueDigits: 2 });
    addEncodedTo([fresh, holding, other], encoded);
    for (const e of expected) libraryAdd(e, encoded);
    libraryAdd(otherAlone, encoded);
    expect(stateOf(fresh)).toEqual(stateOf(expected[0]));
    expect(stateOf(holding)).toEqual(stateOf(expected[1]));
    expect(stateOf(other)).toEqual(stateOf(otherAlone));
    expect(fresh.totalCount).toBe(900);
  });

  it('adds an encoding of another shape into several histograms, each as addEncoded alone would (the library decodes it once)', () => {
    const other = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: HIGHEST_US, numberOfSignificantValueDigits: 2 });
    for (const v of seededValues(7, 600, 1, 80_000)) other.recordValue(v);
    for (const encoded of [hdr.encodeIntoCompressedBase64(other), encodeHistogram(other)]) {
      const intos = [createHistogram(), createHistogram()];
      addEncodedTo(intos, encoded);
      const alone = createHistogram();
      libraryAdd(alone, encoded);
      for (const h of intos) expect(stateOf(h)).toEqual(stateOf(alone));
    }
  });

  it('refuses what is not a V2 histogram', () => {
    expect(() => addEncoded(createHistogram(), Buffer.from('not a histogram').toString('base64'))).toThrow(/not a V2 histogram/);
  });
});
