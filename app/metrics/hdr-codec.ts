import { decompress } from 'hdr-histogram-js/dist/JsHistogram.encoding';

/**
 * HdrHistogram's V2 encoding, as kvscope writes and reads it. It writes the
 * plain form (a 40-byte header, then ZigZag LEB128 counts with runs of empty
 * buckets as negative words), base64, the bytes the library's encoder puts
 * inside its deflated form; it reads the plain and the deflated form (run files
 * of earlier builds hold the deflated one). Why not deflate: a
 * second's counts are a couple of kilobytes that deflate to about half, and
 * each of Node's zlib calls set up a stream and a fresh deflate state: 0.4 to
 * 0.7 ms a call, once per operation type per second in every worker and twice
 * in main, more than everything else a second's histograms cost them.
 * No Node types here: the renderer reads histograms with this file too.
 */

/** The V2 cookie of the plain form, word-size bits as the library sets them. */
const PLAIN_COOKIE = 0x1c849303 | 0x10;
const PLAIN_COOKIE_BASE = 0x1c849303;
/** The deflated form's cookie. */
const COMPRESSED_COOKIE_BASE = 0x1c849304;
const COOKIE_SIZE_BITS = 0xf0;
/** Cookie and length of the deflated contents. */
const COMPRESSED_HEADER_BYTES = 8;
/** Cookie, payload length, normalizing offset, digits, lowest and highest value, conversion ratio. */
export const PLAIN_HEADER_BYTES = 40;
/** A ZigZag LEB128 word of the V2 encoding takes at most this many bytes. */
export const MAX_WORD_BYTES = 9;

/** What a histogram's encoding records of its shape. */
export interface V2Shape {
  numberOfSignificantValueDigits: number;
  lowestDiscernibleValue: number;
  highestTrackableValue: number;
}

/**
 * The plain V2 encoding of `length` buckets of counts starting at `at`, as
 * the library's encoder writes it (its header's fields as it sets them, a
 * single empty bucket as a count of 0, longer runs as one negative word).
 */
export function encodeV2(counts: ArrayLike<number>, at: number, length: number, shape: V2Shape): string {
  const out = room(PLAIN_HEADER_BYTES + length * MAX_WORD_BYTES);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  view.setInt32(0, PLAIN_COOKIE);
  view.setInt32(8, 1);
  view.setInt32(12, shape.numberOfSignificantValueDigits);
  view.setBigInt64(16, BigInt(shape.lowestDiscernibleValue));
  view.setBigInt64(24, BigInt(shape.highestTrackableValue));
  view.setBigInt64(32, 1n);
  let pos = PLAIN_HEADER_BYTES;
  for (let i = 0; i < length;) {
    const count = counts[at + i++];
    // What the words can hold (the library refuses a negative count too); kvscope's counters never are.
    if (!(count >= 0 && count <= Number.MAX_SAFE_INTEGER)) throw new Error(`cannot encode a count of ${count} (bucket ${i - 1})`);
    let zeros = 0;
    if (count === 0) {
      zeros = 1;
      while (i < length && counts[at + i] === 0) {
        zeros++;
        i++;
      }
    }
    // ZigZag, then LEB128: 7 bits a byte, the high bit set on all but the last.
    let word = zeros > 1 ? zeros * 2 - 1 : count * 2;
    while (word >= 0x80) {
      out[pos++] = (word % 0x80) | 0x80;
      word = Math.floor(word / 0x80);
    }
    out[pos++] = word;
  }
  view.setInt32(4, pos - PLAIN_HEADER_BYTES);
  return toBase64(out.subarray(0, pos));
}

/** Whether plain V2 bytes (a view of plainV2's) hold a histogram of this shape: the header fields encodeV2 writes. */
export function hasShape(view: DataView, shape: V2Shape): boolean {
  return (
    view.getInt32(12) === shape.numberOfSignificantValueDigits &&
    Number(view.getBigInt64(16)) === shape.lowestDiscernibleValue &&
    Number(view.getBigInt64(24)) === shape.highestTrackableValue
  );
}

/** An encoding's plain V2 bytes (inflated first when deflated). Anything else throws. */
export function plainV2(encoded: string): Uint8Array {
  const bytes = base64Bytes(encoded);
  const cookie = bytes.length >= 4 ? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getInt32(0) & ~COOKIE_SIZE_BITS : 0;
  if (cookie === PLAIN_COOKIE_BASE && bytes.length >= PLAIN_HEADER_BYTES) return bytes;
  if (cookie !== COMPRESSED_COOKIE_BASE || bytes.length < COMPRESSED_HEADER_BYTES) throw new Error('not a V2 histogram encoding');
  // The library's own inflate (Node's zlib in main) of the deflated contents.
  const raw = decompress(bytes);
  const cookieInside =
    raw.length >= PLAIN_HEADER_BYTES ? new DataView(raw.buffer, raw.byteOffset, raw.byteLength).getInt32(0) & ~COOKIE_SIZE_BITS : 0;
  if (cookieInside !== PLAIN_COOKIE_BASE) throw new Error('not a V2 histogram encoding');
  return raw;
}

/**
 * An encoding's bytes, by atob everywhere: in main, the bytes of Node's
 * Buffer.from(base64) (a slice of its shared pool) made the second's merge
 * after them about twice as slow, measured over 40 seconds of ticks replayed
 * into it (docs/benchmarks.md, "Main's and the monitor's second").
 */
function base64Bytes(encoded: string): Uint8Array {
  const text = atob(encoded);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Node's Buffer where there is one (workers, main): its base64 is native, where btoa loops over each character in script. */
const NodeBuffer = (globalThis as { Buffer?: NodeBufferLike }).Buffer;
interface NodeBufferLike {
  from(b: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'base64'): string };
}

/** Characters handed to String.fromCharCode at a time (its arguments go on the stack). */
const CHARS_PER_CALL = 8192;

function toBase64(bytes: Uint8Array): string {
  if (NodeBuffer) return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64');
  let text = '';
  for (let i = 0; i < bytes.length; i += CHARS_PER_CALL) text += String.fromCharCode(...bytes.subarray(i, i + CHARS_PER_CALL));
  return btoa(text);
}

/** The encoder's output buffer, reused (and grown) across calls: it is copied out as base64 at once. */
let buffer = new Uint8Array(4096);

function room(size: number): Uint8Array {
  if (buffer.length < size) buffer = new Uint8Array(Math.max(size, buffer.length * 2));
  return buffer;
}
