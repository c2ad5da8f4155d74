import { BUCKETS, countLatency, encodeCounts } from './latency-counts';
import type { OpTick } from '../../app/metrics/tick';

/** Each op's counters, at the head of its block in `Recorder.n`. */
const COUNT = 0;
const ERRORS = 1;
const TIMEOUTS = 2;
const NOT_FOUND = 3;
const UNAVAILABLE = 4;
/** The highest latency bucket counted into this second: the encoding reads no further. */
const TOP = 5;
/** Latencies noted in the op's ring and not yet counted into its buckets. */
const PENDING = 6;
/**
 * The second's latencies exactly as noted, beside the buckets (which keep 3
 * digits): their sum, least and greatest, on a line of their own after the
 * answer's counter line. Added up as the ring is counted, so an answer's path
 * is unchanged.
 */
const SUM = 8;
const MIN = 9;
const MAX = 10;
/** The ring follows the counters' two cache lines. */
const RING_FROM = 16;
/**
 * Latencies noted before they are counted. An answer's bucket is a line
 * picked at random from a few hundred (its latency's), and between two
 * answers the client and the kernel push it out of every cache: counting
 * it there was a miss to memory per answer, the costliest instruction of
 * the answer path (bench:callgrind's L1 misses per operation). Noted in
 * order, eight to a line, the ring's line stays near; counted together,
 * the buckets' misses overlap.
 */
export const RING = 64;
/** Counters take two cache lines (16 numbers), then the ring, ahead of the op's latency buckets. */
const HEAD = RING_FROM + RING;
/** One op's block: its counters, its ring, then its latency buckets. */
export const BLOCK = HEAD + BUCKETS;

/**
 * A successful answer (a value or a well-formed not-found) of the op whose
 * block starts at `at`, `us` microseconds after its start: a counter and the
 * latency noted in the ring, counted into the buckets when the ring is full
 * (or at the second's drain). A function over the recorder's array, which the
 * load loop holds itself: the hot path touches the array, not the recorder.
 */
export function recordAnswer(n: Float64Array, at: number, us: number, notFound: boolean): void {
  n[at + COUNT]++;
  if (notFound) n[at + NOT_FOUND]++;
  const k = n[at + PENDING];
  n[at + RING_FROM + k] = us;
  n[at + PENDING] = k + 1;
  if (k + 1 === RING) countPending(n, at);
}

/** The ring's latencies counted into the op's buckets and top; the ring is empty afterwards. */
function countPending(n: Float64Array, at: number): void {
  const pending = n[at + PENDING];
  let top = n[at + TOP];
  let sum = n[at + SUM];
  let min = n[at + MIN];
  let max = n[at + MAX];
  for (let k = 0; k < pending; k++) {
    const us = n[at + RING_FROM + k];
    const i = countLatency(n, at + HEAD, us);
    if (i > top) top = i;
    sum += us;
    if (us < min) min = us;
    if (us > max) max = us;
  }
  n[at + TOP] = top;
  n[at + SUM] = sum;
  n[at + MIN] = min;
  n[at + MAX] = max;
  n[at + PENDING] = 0;
}

/** The op's counters from zero; its least latency from above any, so the first one noted is the least. */
function resetHead(n: Float64Array, at: number): void {
  n.fill(0, at, at + HEAD);
  n[at + MIN] = Infinity;
}

/**
 * Per-op counters and latency histogram for the current second. Every op's
 * counters, ring and latency buckets live in one typed array (`n`, a block
 * of BLOCK numbers per op), so an answer touches one array: its op's
 * counter line and its ring's. Encoding happens once a second in `drain`.
 */
export class Recorder {
  readonly n: Float64Array;

  constructor(readonly ops: readonly string[]) {
    this.n = new Float64Array(ops.length * BLOCK);
    for (let at = 0; at < this.n.length; at += BLOCK) resetHead(this.n, at);
  }

  ok(op: number, us: number, notFound: boolean): void {
    recordAnswer(this.n, op * BLOCK, us, notFound);
  }

  fail(op: number, timeout: boolean): void {
    this.n[op * BLOCK + (timeout ? TIMEOUTS : ERRORS)]++;
  }

  /** The target could not be reached: neither an answer nor a latency, so no histogram entry. */
  unavailable(op: number): void {
    this.n[op * BLOCK + UNAVAILABLE]++;
  }

  /** Answers and failures recorded since the last drain, without draining (a benchmark reads them between seconds). */
  pending(): { ops: number; errors: number } {
    let ops = 0;
    let errors = 0;
    for (let at = 0; at < this.n.length; at += BLOCK) {
      ops += this.n[at + COUNT];
      errors += this.n[at + ERRORS] + this.n[at + TIMEOUTS] + this.n[at + UNAVAILABLE];
    }
    return { ops, errors };
  }

  /** This second's numbers, encoded; the counters start again from zero. */
  drain(): Record<string, OpTick> {
    const out: Record<string, OpTick> = {};
    const n = this.n;
    this.ops.forEach((name, op) => {
      const at = op * BLOCK;
      countPending(n, at);
      const count = n[at + COUNT];
      out[name] = {
        count,
        errors: n[at + ERRORS],
        timeouts: n[at + TIMEOUTS],
        notFound: n[at + NOT_FOUND],
        unavailable: n[at + UNAVAILABLE],
        hist: encodeCounts(n, at + HEAD, count, n[at + TOP]),
      };
      if (count > 0) out[name].exact = { sum: n[at + SUM], min: n[at + MIN], max: n[at + MAX] };
      resetHead(n, at);
    });
    return out;
  }
}
