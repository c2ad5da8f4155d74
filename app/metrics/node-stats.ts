import { z } from 'zod';

/** A node's note is a few words in a table cell; a monitor cuts a longer reason (an error's text) to this. */
export const NODE_NOTE_MAX_CHARS = 200;

/**
 * Server-side counters for one node, cumulative since the node started.
 * Keys follow `<read|write>.<success|error|timeout|notFound>` so every target
 * kind (built-in servers, Aerospike, Redis) feeds the same per-node view.
 */
export const NodeCountersSchema = z.object({
  id: z.string().min(1),
  address: z.string(),
  counters: z.record(z.string(), z.number().nonnegative()),
  /** Data the node holds in memory, in bytes (Redis used_memory, Aerospike's namespace memory). */
  memory: z.number().nonnegative().optional(),
  /** The server process's resident memory in bytes, where the server reports it (Redis used_memory_rss). */
  rss: z.number().nonnegative().optional(),
  /** When the counters were read (epoch ms), so main can place them on the run's seconds. */
  at: z.number().optional(),
  /**
   * Rates the server itself averages over an interval of its own (Aerospike's
   * latencies: over its ticker interval): shown as they are in each second, never
   * spread or summed like the counters.
   */
  gauges: z.record(z.string(), z.number().nonnegative()).optional(),
  /** The node did not answer at `at`, or its cluster has failed it (its counters are then empty): down from that second on. */
  down: z.boolean().optional(),
  /**
   * Its monitor could not read the node this time (its metrics endpoint slow
   * or answering garbage), though nothing says the node is gone: no counters,
   * and main keeps the node as it was (see NODE_QUIET_DOWN_MS) with `note` saying why.
   */
  quiet: z.boolean().optional(),
  /** The cluster's own word on the node's membership (a Redis node in handshake, a quiesced Aerospike node). */
  member: z.enum(['joining', 'leaving']).optional(),
  /** Data is still moving into the node (slots importing, partitions to receive): a node new in the run joins until it has its share. */
  filling: z.boolean().optional(),
  /** Why the node is in its state, or what the cluster is doing with it, in a few words ("importing 1 slot"). */
  note: z.string().max(NODE_NOTE_MAX_CHARS).optional(),
});
export type NodeCounters = z.infer<typeof NodeCountersSchema>;

/** What a node's cluster (or the node itself) says of its state, as a monitor reads it: the fields above, and only those. */
export type NodeMembership = Pick<NodeCounters, 'down' | 'member' | 'filling' | 'note'>;

/**
 * A node as the run saw it in one second: `down` once it stopped answering
 * or its cluster failed it (kept, with nothing counted, until it answers
 * again); `joining` when its cluster says so, or from the first second of a
 * node that appeared after the run began until no data is moving into it any
 * more; `leaving` when its cluster is taking it out (its last slots moving
 * away, quiesced). Absent: up.
 */
export const NODE_STATES = ['up', 'down', 'joining', 'leaving'] as const;
export type NodeState = (typeof NODE_STATES)[number];

/** One node's rates over one second, as shown in the per-node chart and table. */
export interface NodeSample {
  id: string;
  address: string;
  rates: Record<string, number>;
  memory?: number;
  rss?: number;
  state?: Exclude<NodeState, 'up'>;
  /** What the cluster is doing with the node this second, where its monitor says (see NodeCounters.note). */
  note?: string;
}

/** A sample's node state, for files written before states existed too (anything unknown is read as up). */
export const nodeState = (n: { state?: string }): NodeState => NODE_STATES.find((s) => s === n.state) ?? 'up';

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
