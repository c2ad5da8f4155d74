/**
 * Server-side latency as per-node counters, so it rides the same path as a
 * node's other counters: cumulative readings, per-second deltas placed on the
 * run's seconds (node-seconds.ts), kept in every sample's `rates`.
 *
 * Per operation class (`read`, `write`):
 * - `latency.<class>.n` operations timed and `latency.<class>.us` their total
 *   server time in µs (a mean per second);
 * - `latency.<class>.b<U>` operations whose server time fell in the bucket
 *   ending at U µs (not cumulative: each bucket's own count), where the server
 *   keeps a histogram (Redis 7's LATENCY HISTOGRAM: powers of 2).
 *
 * A percentile read from buckets is the upper bound of its bucket: never
 * better than the truth, and as coarse as the server's buckets. A server's
 * last, open bucket (Aerospike: at or above 2^16 units) is `b+<L>`, L its
 * lower bound: a percentile in it is at least L, and says so.
 */
export type LatencyClass = 'read' | 'write';
export const LATENCY_CLASSES: readonly LatencyClass[] = ['read', 'write'];

const PREFIX = 'latency.';
export const latencyCountKey = (c: LatencyClass): string => `${PREFIX}${c}.n`;
export const latencySumKey = (c: LatencyClass): string => `${PREFIX}${c}.us`;
export const bucketKey = (c: LatencyClass, upperUs: number): string => `${PREFIX}${c}.b${upperUs}`;
/** The open bucket: operations at or above `lowerUs`, with no upper bound. */
export const openBucketKey = (c: LatencyClass, lowerUs: number): string => `${PREFIX}${c}.b+${lowerUs}`;

/** Whether a node counter is a server-latency one (kept apart from the read/write outcome counters). */
export const isLatencyKey = (key: string): boolean => key.startsWith(PREFIX);

/**
 * A cumulative histogram (pairs of bucket upper bound in µs and the count of
 * operations at or below it, ascending) as per-bucket counters.
 */
export function bucketCounters(c: LatencyClass, cumulative: readonly (readonly [number, number])[]): Record<string, number> {
  const out: Record<string, number> = {};
  let below = 0;
  for (const [upper, atOrBelow] of cumulative) {
    // A malformed reply (counts going down) never yields a negative bucket.
    out[bucketKey(c, upper)] = Math.max(0, atOrBelow - below);
    below = Math.max(below, atOrBelow);
  }
  return out;
}

/** One node's server-side latency over one second, in µs. */
export interface ServerLatency {
  /** Operations the server timed in the second. */
  count: number;
  mean?: number;
  /** Bucket upper bounds: the true value is at most this. */
  p50?: number;
  p99?: number;
  p999?: number;
  /** Percentiles that fell in an open bucket: the value shown is a lower bound. */
  atLeast?: Quantile[];
}

const QUANTILES = { p50: 0.5, p99: 0.99, p999: 0.999 } as const;
type Quantile = keyof typeof QUANTILES;

/**
 * A node's server latency in one second from its rates, for one class or
 * (`classes` both) all operations together; undefined when the node reports
 * none or timed nothing that second.
 */
export function serverLatency(
  rates: Readonly<Record<string, number>>,
  classes: readonly LatencyClass[] = LATENCY_CLASSES,
): ServerLatency | undefined {
  let n = 0;
  let us = 0;
  let timed = false;
  let summed = false;
  // Keyed by upper bound; an open bucket by -(its lower bound), so it sorts apart and is known as open.
  const buckets = new Map<number, number>();
  for (const c of classes) {
    const prefix = `${PREFIX}${c}.`;
    for (const k in rates) {
      if (!k.startsWith(prefix)) continue;
      const rest = k.slice(prefix.length);
      const v = rates[k];
      if (rest === 'n') {
        n += v;
        timed = true;
      } else if (rest === 'us') {
        us += v;
        summed = true;
      } else if (rest[0] === 'b') {
        const open = rest[1] === '+';
        const bound = Number(rest.slice(open ? 2 : 1));
        if (Number.isFinite(bound) && bound > 0) buckets.set(open ? -bound : bound, (buckets.get(open ? -bound : bound) ?? 0) + v);
      }
    }
  }
  const inBuckets = [...buckets.values()].reduce((a, b) => a + b, 0);
  const count = timed ? n : inBuckets;
  if (count <= 0) return undefined;
  const out: ServerLatency = { count };
  if (summed && n > 0) out.mean = us / n;
  if (inBuckets > 0) {
    // Closed buckets by upper bound, then open ones (above every closed one) by lower bound.
    const order = ([k]: [number, number]): number => (k < 0 ? Number.MAX_SAFE_INTEGER - k : k);
    const sorted = [...buckets].filter(([, v]) => v > 0).sort((a, b) => order(a) - order(b));
    for (const [name, q] of Object.entries(QUANTILES) as [Quantile, number][]) {
      const rank = q * inBuckets;
      let seen = 0;
      for (const [key, v] of sorted) {
        seen += v;
        if (seen < rank) continue;
        out[name] = Math.abs(key);
        if (key < 0) (out.atLeast ??= []).push(name);
        break;
      }
    }
  }
  return out;
}
