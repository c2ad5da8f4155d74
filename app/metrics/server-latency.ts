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
 * better than the truth, and as coarse as the server's buckets.
 */
export type LatencyClass = 'read' | 'write';
export const LATENCY_CLASSES: readonly LatencyClass[] = ['read', 'write'];

const PREFIX = 'latency.';
export const latencyCountKey = (c: LatencyClass): string => `${PREFIX}${c}.n`;
export const latencySumKey = (c: LatencyClass): string => `${PREFIX}${c}.us`;
const bucketKey = (c: LatencyClass, upperUs: number): string => `${PREFIX}${c}.b${upperUs}`;

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
}

const QUANTILES = { p50: 0.5, p99: 0.99, p999: 0.999 } as const;

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
      } else if (rest === 'us') us += v;
      else if (rest[0] === 'b') {
        const upper = Number(rest.slice(1));
        if (Number.isFinite(upper)) buckets.set(upper, (buckets.get(upper) ?? 0) + v);
      }
    }
  }
  const inBuckets = [...buckets.values()].reduce((a, b) => a + b, 0);
  const count = timed ? n : inBuckets;
  if (count <= 0) return undefined;
  const out: ServerLatency = { count };
  if (timed && n > 0) out.mean = us / n;
  if (inBuckets > 0) {
    const sorted = [...buckets].filter(([, v]) => v > 0).sort((a, b) => a[0] - b[0]);
    for (const [name, q] of Object.entries(QUANTILES) as [keyof typeof QUANTILES, number][]) {
      const rank = Math.max(1, Math.ceil(q * inBuckets));
      let seen = 0;
      for (const [upper, v] of sorted) {
        seen += v;
        if (seen >= rank) {
          out[name] = upper;
          break;
        }
      }
    }
  }
  return out;
}
