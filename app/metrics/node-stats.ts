import { z } from 'zod';

/**
 * Server-side counters for one node, cumulative since the node started.
 * Keys follow `<read|write>.<success|error|timeout|notFound>` so every target
 * kind (built-in servers, Aerospike, Redis) feeds the same per-node view.
 */
export const NodeCountersSchema = z.object({
  id: z.string().min(1),
  address: z.string(),
  counters: z.record(z.string(), z.number().nonnegative()),
  memory: z.number().nonnegative().optional(),
  /** When the counters were read (epoch ms), so main can place them on the run's seconds. */
  at: z.number().optional(),
});
export type NodeCounters = z.infer<typeof NodeCountersSchema>;

/** One node's rates over one second, as shown in the per-node chart and table. */
export interface NodeSample {
  id: string;
  address: string;
  rates: Record<string, number>;
  memory?: number;
}

/**
 * Per-second rates from two cumulative readings. A counter that went down
 * means the node restarted: its rate is what it counted since the restart,
 * never a negative number.
 */
export function counterRates(
  prev: Record<string, number> | undefined,
  cur: Record<string, number>,
  seconds: number,
): Record<string, number> {
  const out: Record<string, number> = {};
  const dt = seconds > 0 ? seconds : 1;
  for (const [k, v] of Object.entries(cur)) {
    const before = prev?.[k];
    const delta = before === undefined ? 0 : v >= before ? v - before : v;
    out[k] = delta / dt;
  }
  return out;
}

/** Reads and writes per second of a node, all outcomes together. */
export function nodeTotals(rates: Record<string, number>): { reads: number; writes: number; errors: number } {
  let reads = 0;
  let writes = 0;
  let errors = 0;
  for (const [k, v] of Object.entries(rates)) {
    if (k.startsWith('read.')) reads += v;
    else if (k.startsWith('write.')) writes += v;
    if (k.endsWith('.error') || k.endsWith('.timeout')) errors += v;
  }
  return { reads, writes, errors };
}
