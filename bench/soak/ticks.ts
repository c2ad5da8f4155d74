import { createHistogram, encodeHistogram, recordUs } from '../../app/metrics/histogram';
import type { OpTick, Tick } from '../../app/metrics/tick';

/** A redis-mix-like load: mostly reads, some writes, a few deletes; ops per worker-second and latency spread. */
const OPS = [
  { name: 'get', perSecond: 9000, medianUs: 350 },
  { name: 'set', perSecond: 2500, medianUs: 420 },
  { name: 'del', perSecond: 300, medianUs: 400 },
] as const;
/**
 * Encoded histograms made up front and reused in turn: encoding a fresh one
 * per worker-second would make the bench measure its own generator. Merging,
 * decoding and summarising them is main's real work.
 */
const VARIANTS = 32;
/** Latencies recorded per generated histogram: enough to fill a realistic spread of buckets. */
const VALUES_PER_HIST = 2000;
/** One error per this many operations: well under the outcome's threshold, so a soak run stays 'done'. */
const ERROR_EVERY = 5000;

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so every soak run feeds the same load. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TickSource {
  tick(worker: number, second: number): Tick;
  /** Operations (successful) the generated ticks hold so far, to check the summary's counts are exact. */
  readonly ops: number;
  readonly errors: number;
}

export function tickSource(seed = 1): TickSource {
  const rnd = random(seed);
  const hists = OPS.map((op) =>
    Array.from({ length: VARIANTS }, () => {
      const h = createHistogram();
      // Log-normal-ish: most near the median, a long tail of slow ones.
      for (let i = 0; i < VALUES_PER_HIST; i++) recordUs(h, op.medianUs * Math.exp((rnd() - 0.5) * 1.6 + (rnd() < 0.01 ? 3 * rnd() : 0)));
      const s = encodeHistogram(h);
      h.destroy();
      return s;
    }),
  );
  let ops = 0;
  let errors = 0;
  return {
    get ops() {
      return ops;
    },
    get errors() {
      return errors;
    },
    tick(worker, second) {
      const out: Record<string, OpTick> = {};
      OPS.forEach((op, i) => {
        const count = Math.round(op.perSecond * (0.9 + 0.2 * rnd()));
        const errs = rnd() < count / ERROR_EVERY ? 1 : 0;
        ops += count;
        errors += errs;
        out[op.name] = { count, errors: errs, timeouts: 0, notFound: 0, unavailable: 0, hist: hists[i][(second + worker) % VARIANTS] };
      });
      return {
        worker,
        second,
        ops: out,
        bytesIn: 12_000_000,
        bytesOut: 3_000_000,
        mem: { rss: 90_000_000 + Math.round(rnd() * 1e6), heapUsed: 30_000_000, external: 2_000_000 },
        elu: 0.4 + 0.2 * rnd(),
        cpu: 0.5,
        inFlight: 32,
        backlog: 0,
      };
    },
  };
}
