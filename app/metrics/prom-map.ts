import { z } from 'zod';
import type { PromSample } from './prometheus';
import type { NodeMembership } from './node-stats';
import { bucketKey, latencyCountKey, latencySumKey, openBucketKey } from './server-latency';

/**
 * How a server kind's Prometheus metrics become kvscope's per-node figures: a
 * list of rules, each taking the samples of one metric whose labels all match
 * and adding them, times `scale`, to one figure. A figure is a node counter
 * (`read.success`, `write.error`, ... and the server-latency counters
 * `latency.read.n`, `latency.read.us`, `latency.write.b128`: see
 * app/metrics/server-latency.ts), all cumulative, or `memory` / `rss` in
 * bytes (a level, read as it is). A histogram rule takes a Prometheus
 * histogram (`NAME_bucket{le}`, `NAME_count`, `NAME_sum`, cumulative) as a
 * class's server latency: operations, total time and per-bucket counts,
 * `scale` turning its unit into µs (1e6 for seconds); `+Inf` is the open
 * bucket above the last bound. A negative `scale` subtracts (GETs that
 * missed from GETs); no figure goes below 0. A state rule makes the node
 * joining, leaving or filling while a metric is (or is not) 0. `${name}` in
 * a label value is replaced by the target's setting of that name (e.g.
 * `${map}`, the IMap the run uses). docs/scenarios.md has the format and the
 * built-in maps.
 */
const NS_PER_US = 1000;
const FIGURE = /^((read|write)\.(success|error|timeout|notFound)|latency\.(read|write)\.(n|us|b\d+)|memory|rss)$/;

const metricName = z.string().regex(/^[a-zA-Z_:][a-zA-Z0-9_:]*$/, 'a Prometheus metric name');
const labels = z.record(z.string(), z.string().max(200)).default({});
/** Negative subtracts (a GET that missed is no success): each figure is kept at 0 or above once every rule is added. */
const scale = z
  .number()
  .finite()
  .refine((n) => n !== 0, 'not 0')
  .default(1);
const histogramScale = z.number().positive().finite().default(1);

const CounterRule = z.strictObject({
  metric: metricName,
  labels,
  as: z.string().regex(FIGURE, 'a node counter (read.success, latency.read.us, ...), memory or rss'),
  scale,
});
const HistogramRule = z.strictObject({
  histogram: metricName,
  labels,
  as: z.enum(['latency.read', 'latency.write']),
  scale: histogramScale,
});
/**
 * A node's own word on its state: a metric at 0 (`when: "zero"`) or not
 * (`"nonzero"`, the default) makes the node joining, leaving, or filling
 * (data still moving into it: a newcomer joins until it is done).
 */
const StateRule = z.strictObject({
  metric: metricName,
  labels,
  state: z.enum(['joining', 'leaving', 'filling']),
  when: z.enum(['zero', 'nonzero']).default('nonzero'),
});

export const PromMapSchema = z.object({
  description: z.string().max(500).optional(),
  rules: z
    .array(z.union([CounterRule, HistogramRule, StateRule]))
    .min(1)
    .max(200),
});
export type PromMap = z.infer<typeof PromMapSchema>;

/** A node's figures from one scrape, and what its state rules say. */
export interface MappedNode extends Omit<NodeMembership, 'down'> {
  counters: Record<string, number>;
  memory?: number;
  rss?: number;
}

/** The figures a scrape gives under `map`, with `${name}` replaced from `vars`; undefined when no rule matched anything. */
export function applyPromMap(map: PromMap, samples: readonly PromSample[], vars: Readonly<Record<string, string>>): MappedNode | undefined {
  const byName = new Map<string, PromSample[]>();
  for (const s of samples) {
    const same = byName.get(s.name);
    // Appended in place: a copy per sample is quadratic in a metric's series (a histogram per route, say).
    if (same) same.push(s);
    else byName.set(s.name, [s]);
  }
  const out: MappedNode = { counters: {} };
  let matched = false;
  for (const rule of map.rules) {
    const want = Object.entries(rule.labels).map(([k, v]) => [k, v.replace(/\$\{(\w+)\}/g, (_, n: string) => vars[n] ?? '')] as const);
    const matching = (name: string) => (byName.get(name) ?? []).filter((s) => s.value >= 0 && want.every(([k, v]) => s.labels[k] === v));
    if ('state' in rule) {
      const found = matching(rule.metric);
      const hit = found.find((s) => (rule.when === 'zero' ? s.value === 0 : s.value !== 0));
      matched ||= found.length > 0;
      if (!hit) continue;
      if (rule.state === 'filling') out.filling = true;
      else out.member = rule.state;
      out.note = [out.note, `${rule.metric} ${hit.value}`].filter(Boolean).join('; ');
      continue;
    }
    if ('histogram' in rule) {
      const found = histogram(
        rule.as,
        matching(`${rule.histogram}_bucket`),
        matching(`${rule.histogram}_count`),
        matching(`${rule.histogram}_sum`),
        rule.scale,
      );
      if (found) Object.assign(out.counters, found);
      matched ||= found !== undefined;
      continue;
    }
    for (const s of matching(rule.metric)) {
      if (!Number.isFinite(s.value)) continue;
      matched = true;
      const v = s.value * rule.scale;
      if (rule.as === 'memory' || rule.as === 'rss') out[rule.as] = (out[rule.as] ?? 0) + v;
      else out.counters[rule.as] = (out.counters[rule.as] ?? 0) + v;
    }
  }
  for (const k of Object.keys(out.counters)) out.counters[k] = Math.max(0, out.counters[k]);
  if (out.memory !== undefined) out.memory = Math.max(0, out.memory);
  if (out.rss !== undefined) out.rss = Math.max(0, out.rss);
  return matched ? out : undefined;
}

/** A cumulative Prometheus histogram (its series summed per bound) as one class's server-latency counters. */
function histogram(
  as: 'latency.read' | 'latency.write',
  buckets: readonly PromSample[],
  count: readonly PromSample[],
  sum: readonly PromSample[],
  scale: number,
): Record<string, number> | undefined {
  const cls = as === 'latency.read' ? 'read' : 'write';
  const byBound = new Map<number, number>();
  for (const b of buckets) {
    const le = b.labels.le === '+Inf' ? Infinity : Number(b.labels.le);
    if (Number.isNaN(le) || !Number.isFinite(b.value)) continue;
    byBound.set(le, (byBound.get(le) ?? 0) + b.value);
  }
  if (byBound.size === 0 && count.length === 0) return undefined;
  const out: Record<string, number> = {};
  if (count.length > 0) out[latencyCountKey(cls)] = count.reduce((a, s) => a + s.value, 0);
  if (sum.length > 0) out[latencySumKey(cls)] = sum.reduce((a, s) => a + s.value, 0) * scale;
  let below = 0;
  let lastBound = 0;
  for (const [le, atOrBelow] of [...byBound].sort((a, b) => a[0] - b[0])) {
    const n = Math.max(0, atOrBelow - below);
    below = Math.max(below, atOrBelow);
    if (le === Infinity) out[openBucketKey(cls, lastBound)] = n;
    // Rounded to ns: 0.025 s x 1e6 is 25000.000000000004 in floating point, and the key must read back.
    else out[bucketKey(cls, (lastBound = Math.round(le * scale * NS_PER_US) / NS_PER_US))] = n;
  }
  return out;
}
