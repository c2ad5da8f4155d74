import { inflateSync } from 'node:zlib';
import * as hdr from 'hdr-histogram-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeV2, plainV2 } from '../../app/metrics/hdr-codec';
import { createHistogram, encodeHistogram, HIGHEST_US, type Histogram } from '../../app/metrics/histogram';
import { seededValues } from './helpers';

/** The plain bytes inside the library's own (deflated) encoding of `h`. */
function libraryPlain(h: Histogram): Buffer {
  const bytes = Buffer.from(hdr.encodeIntoCompressedBase64(h), 'base64');
  return inflateSync(bytes.subarray(8, 8 + bytes.readInt32BE(4)));
}

function histogramOf(values: readonly number[]): Histogram {
  const h = createHistogram();
  for (const v of values) h.recordValue(v);
  return h;
}

const cases: [string, number[]][] = [
  ['latencies around a millisecond', seededValues(1, 5000, 200, 5000)],
  ['a wide spread up to the top of the range', seededValues(2, 3000, 1, HIGHEST_US)],
  ['single empty buckets between counts, and zeros', [0, 0, 3, 5, 7, 7, 2048, 2050, 1_000_000]],
  ['counts that need several bytes', Array.from({ length: 70_000 }, () => 1234)],
  ['only zeros', [0, 0, 0]],
  ['nothing', []],
];

describe('encodeHistogram: the plain V2 form, byte for byte what the library deflates', () => {
  it.each(cases)('%s', (_what, values) => {
    const h = histogramOf(values);
    const ours = Buffer.from(encodeHistogram(h), 'base64');
    expect(ours.equals(libraryPlain(h))).toBe(true);
    // The library's own decoder reads it back to the same counts.
    const back = (hdr.JsHistogram as unknown as { decode(b: Uint8Array): Histogram }).decode(ours);
    expect(back.totalCount).toBe(h.totalCount);
    expect(hdr.encodeIntoCompressedBase64(back)).toBe(hdr.encodeIntoCompressedBase64(h));
  });

  it('refuses a count the words cannot hold, naming the bucket', () => {
    const shape = { numberOfSignificantValueDigits: 3, lowestDiscernibleValue: 1, highestTrackableValue: HIGHEST_US };
    expect(() => encodeV2([0, 3, -1], 0, 3, shape)).toThrow(/cannot encode a count of -1 \(bucket 2\)/);
    expect(() => encodeV2([Number.NaN], 0, 1, shape)).toThrow(/cannot encode a count of NaN \(bucket 0\)/);
  });

  it('plainV2 gives the same bytes from either form, and refuses anything else by name', () => {
    const h = histogramOf(seededValues(3, 800, 1, 90_000));
    const plain = Buffer.from(plainV2(encodeHistogram(h)));
    expect(Buffer.from(plainV2(hdr.encodeIntoCompressedBase64(h))).equals(plain)).toBe(true);
    expect(() => plainV2(Buffer.from('not a histogram at all, no').toString('base64'))).toThrow(/not a V2 histogram encoding/);
    expect(() => plainV2('')).toThrow(/not a V2 histogram encoding/);
  });
});

describe('without Node (the renderer): atob and btoa, the same encodings', () => {
  const saved = globalThis.Buffer;
  afterEach(() => {
    globalThis.Buffer = saved;
    vi.resetModules();
  });

  it('encodes and reads exactly as with Buffer', async () => {
    const h = histogramOf(seededValues(4, 20_000, 1, 5_000_000));
    const withNode = encodeHistogram(h);
    vi.resetModules();
    (globalThis as { Buffer?: unknown }).Buffer = undefined;
    const browser = await import('../../app/metrics/hdr-codec');
    const js = h as unknown as { _counts: Int32Array; maxValue: number; countsArrayIndex(v: number): number };
    const encoded = browser.encodeV2(js._counts, 0, js.countsArrayIndex(js.maxValue) + 1, h as never);
    const bytes = browser.plainV2(withNode);
    globalThis.Buffer = saved;
    expect(encoded).toBe(withNode);
    expect(Buffer.from(bytes).equals(Buffer.from(withNode, 'base64'))).toBe(true);
  });
});
