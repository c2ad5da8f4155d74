import * as hdr from 'hdr-histogram-js';
import type { JsHistogram } from 'hdr-histogram-js';
import { hasShape, MAX_WORD_BYTES, PLAIN_HEADER_BYTES, plainV2 } from './hdr-codec';

/**
 * Add an encoded histogram (encodeHistogram's V2 base64, plain or deflated) into
 * `into`, bucket by bucket, straight from the bytes: the library decodes into
 * a histogram of its own first (its varints through a byte-buffer class, an
 * array sized and scanned, then added), which was most of main's per-second
 * merge. No Node types here: the renderer's type check reaches this file
 * through the summary's types. The
 * result is the library's `into.add(decode(encoded))` to the last bit: the
 * same counts, total, maximum and smallest non-zero value. A histogram of
 * another shape (digits, unit or range) goes the library's way; one whose
 * buckets run past its own range is refused whole.
 */
export function addEncoded(into: hdr.Histogram, encoded: string): void {
  addEncodedTo([into], encoded);
}

/**
 * addEncoded into each of several histograms, the encoding decoded once (main
 * adds each worker's histogram of a second to its operation's and to the
 * second's total). Every histogram gets exactly what addEncoded gives it.
 */
export function addEncodedTo(intos: readonly hdr.Histogram[], encoded: string): void {
  const raw = plainV2(encoded);
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const direct: JsHistogram[] = [];
  const others: hdr.Histogram[] = [];
  for (const into of intos) {
    const js = into as unknown as JsHistogram;
    if (hasShape(view, js)) direct.push(js);
    else others.push(into);
  }
  if (direct.length > 0) addDirect(direct, raw, view);
  // Histograms of another shape after, so an encoding refused above has changed none of them.
  if (others.length > 0) addTheLibraryWay(others, raw);
}

/** The plain V2 payload's buckets added into histograms of its own shape. */
function addDirect(direct: readonly JsHistogram[], raw: Uint8Array, view: DataView): void {
  const end = Math.min(raw.length, PLAIN_HEADER_BYTES + view.getInt32(4));
  let at = PLAIN_HEADER_BYTES;
  let index = 0;
  let n = 0;
  while (at < end) {
    // ZigZag LEB128 of up to 9 bytes, 7 bits each, as the library reads it (a count never needs the ninth).
    let value = 0;
    let scale = 1;
    for (let b = 0; b < MAX_WORD_BYTES; b++) {
      const byte = raw[at++];
      value += (byte & 0x7f) * scale;
      if ((byte & 0x80) === 0) break;
      scale *= 128;
    }
    const count = value % 2 === 0 ? value / 2 : -(value + 1) / 2;
    if (count < 0) {
      index -= count; // a run of empty buckets
      continue;
    }
    if (count > 0) {
      if (n === found.length) grow();
      found.indexes[n] = index;
      found.counts[n++] = count;
    }
    index++;
  }
  // Checked before anything is added, so a bad encoding leaves every histogram as it was.
  const maxIndex = n > 0 ? found.indexes[n - 1] : -1;
  if (direct.some((js) => maxIndex >= js.countsArrayLength)) throw new Error('histogram encoding runs past its range');
  for (const js of direct) addFound(js, n, maxIndex);
}

/** The decoded buckets (`found`, n of them, the last at maxIndex) added into one histogram, as the library's add sets it. */
function addFound(js: JsHistogram, n: number, maxIndex: number): void {
  let total = 0;
  let minNonZeroIndex = -1;
  for (let i = 0; i < n; i++) {
    const at = found.indexes[i];
    js.addToCountAtIndex(at, found.counts[i]);
    total += found.counts[i];
    if (minNonZeroIndex < 0 && at !== 0) minNonZeroIndex = at;
  }
  // What the library's add of a decoded histogram sets (its max is the top of the highest bucket).
  const internal = js as unknown as Internals;
  js.setTotalCount(js.totalCount + total);
  const otherMax = maxIndex >= 0 ? js.highestEquivalentValue(js.valueFromIndex(maxIndex)) : 0;
  internal.updatedMaxValue(Math.max(js.maxValue, otherMax));
  const otherMin = minNonZeroIndex >= 0 ? js.valueFromIndex(minNonZeroIndex) : Number.MAX_VALUE;
  internal.updateMinNonZeroValue(Math.min(js.minNonZeroValue, otherMin));
}

/** Non-empty buckets of the encoding being added, reused across calls (main adds several a second). */
const INITIAL_FOUND = 1024;
const found = { indexes: new Float64Array(INITIAL_FOUND), counts: new Float64Array(INITIAL_FOUND), length: INITIAL_FOUND };

function grow(): void {
  const length = found.length * 2;
  const indexes = new Float64Array(length);
  const counts = new Float64Array(length);
  indexes.set(found.indexes);
  counts.set(found.counts);
  Object.assign(found, { indexes, counts, length });
}

/** The library's own setters, not in its typings. */
interface Internals {
  updatedMaxValue(value: number): void;
  updateMinNonZeroValue(value: number): void;
}

/** The library's decoder of the plain V2 bytes, not in its typings. */
const decodeV2 = (hdr.JsHistogram as unknown as { decode(bytes: Uint8Array): hdr.Histogram }).decode;

/** Decoded once for all of them: the library's decoder turns the bytes' words around in place, so a second decode of the same bytes fails. */
function addTheLibraryWay(intos: readonly hdr.Histogram[], raw: Uint8Array): void {
  const h = decodeV2(raw);
  for (const into of intos) into.add(h);
  h.destroy();
}
