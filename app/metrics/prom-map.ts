import { z } from 'zod';
import type { PromSample } from './prometheus';

/**
 * How a server kind's Prometheus metrics become kvscope's per-node figures: a
 * list of rules, each taking the samples of one metric whose labels all match
 * and adding them, times `scale`, to one figure. A figure is a node counter
 * (`read.success`, `write.error`, ... and the server-latency counters
 * `latency.read.n`, `latency.read.us`, `latency.write.b128`: see
 * app/metrics/server-latency.ts), all cumulative, or `memory` / `rss` in
 * bytes (a level, read as it is). `${name}` in a label value is replaced by
 * the target's setting of that name (e.g. `${map}`, the IMap the run uses).
 * docs/measurement.md has the format and the Hazelcast map.
 */
const FIGURE = /^((read|write)\.(success|error|timeout|notFound)|latency\.(read|write)\.(n|us|b\d+)|memory|rss)$/;

export const PromMapSchema = z.object({
  description: z.string().max(500).optional(),
  rules: z
    .array(
      z.object({
        metric: z.string().regex(/^[a-zA-Z_:][a-zA-Z0-9_:]*$/, 'a Prometheus metric name'),
        labels: z.record(z.string(), z.string().max(200)).default({}),
        as: z.string().regex(FIGURE, 'a node counter (read.success, latency.read.us, ...), memory or rss'),
        scale: z.number().positive().finite().default(1),
      }),
    )
    .min(1)
    .max(200),
});
export type PromMap = z.infer<typeof PromMapSchema>;

export interface MappedNode {
  counters: Record<string, number>;
  memory?: number;
  rss?: number;
}

/** The figures a scrape gives under `map`, with `${name}` replaced from `vars`; undefined when no rule matched anything. */
export function applyPromMap(map: PromMap, samples: readonly PromSample[], vars: Readonly<Record<string, string>>): MappedNode | undefined {
  const byName = new Map<string, PromSample[]>();
  for (const s of samples) byName.set(s.name, [...(byName.get(s.name) ?? []), s]);
  const out: MappedNode = { counters: {} };
  let matched = false;
  for (const rule of map.rules) {
    const want = Object.entries(rule.labels).map(([k, v]) => [k, v.replace(/\$\{(\w+)\}/g, (_, n: string) => vars[n] ?? '')] as const);
    for (const s of byName.get(rule.metric) ?? []) {
      if (!Number.isFinite(s.value) || s.value < 0 || !want.every(([k, v]) => s.labels[k] === v)) continue;
      matched = true;
      const v = s.value * rule.scale;
      if (rule.as === 'memory' || rule.as === 'rss') out[rule.as] = (out[rule.as] ?? 0) + v;
      else out.counters[rule.as] = (out.counters[rule.as] ?? 0) + v;
    }
  }
  return matched ? out : undefined;
}
