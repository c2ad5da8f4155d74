import { z } from 'zod';

const ExactLatencySchema = z.object({
  sum: z.number().nonnegative(),
  min: z.number().nonnegative(),
  max: z.number().nonnegative(),
});
export type ExactLatency = z.infer<typeof ExactLatencySchema>;

/** What one worker did for one operation type in one second. */
const OpTickSchema = z.object({
  count: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  timeouts: z.number().int().nonnegative(),
  notFound: z.number().int().nonnegative(),
  /** Operations that could not reach the target (connection refused, closed, ...): no latency, counted apart from errors. */
  unavailable: z.number().int().nonnegative().default(0),
  /** HDR histogram of successful latencies (µs), compressed base64, this second only. */
  hist: z.string(),
  /** The successful latencies' sum, least and greatest (µs) as measured, not as bucketed; absent without any. */
  exact: ExactLatencySchema.optional(),
});
export type OpTick = z.infer<typeof OpTickSchema>;

const MemorySchema = z.object({
  rss: z.number().nonnegative(),
  heapUsed: z.number().nonnegative(),
  external: z.number().nonnegative(),
});
export type Memory = z.infer<typeof MemorySchema>;

/**
 * What one worker sent to one cluster node in one second, as the client saw
 * it (e.g. the owner of each key's partition); counters named as the
 * server-side ones (`read.sent`, `write.sent`, ...).
 */
const TickNodeSchema = z.object({
  id: z.string().min(1),
  address: z.string(),
  counters: z.record(z.string(), z.number().nonnegative()),
});
export type TickNode = z.infer<typeof TickNodeSchema>;

/** A worker's once-a-second report. `second` counts whole seconds since the run's t0. */
export const TickSchema = z.object({
  worker: z.number().int().nonnegative(),
  second: z.number().int().nonnegative(),
  ops: z.record(z.string(), OpTickSchema),
  bytesIn: z.number().nonnegative(),
  bytesOut: z.number().nonnegative(),
  mem: MemorySchema,
  /** Event-loop utilisation over the second, 0..1. */
  elu: z.number().min(0).max(1),
  /** CPU time over the second as a share of one core (can exceed 1 with threads). */
  cpu: z.number().nonnegative(),
  inFlight: z.number().int().nonnegative(),
  /** Operations the fixed-rate loop could not start on time because the in-flight cap was reached. */
  backlog: z.number().int().nonnegative(),
  /** Per-node counts of this second, from drivers that know which node served each operation. */
  nodes: z.array(TickNodeSchema).optional(),
  /** The share of the second the worker was issuing operations in, when less than all of it (a run stopped mid-second). */
  covered: z.number().min(0).max(1).optional(),
});
export type Tick = z.infer<typeof TickSchema>;
