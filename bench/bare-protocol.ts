import { z } from 'zod';
import { msg } from '../app/protocol/envelope';

/** Set, a bare loop also measures each answer's latency (measured-loop.ts): the floor of any latency benchmark. */
export const MeasureFlag = z.boolean().optional();

/** The most pure CPU a sensitivity pair may add per operation (a typo must not stall a round). */
export const MAX_SPIN_NS = 100_000;
/** Set, a bare loop adds this many nanoseconds of pure CPU before each operation (spin.ts): a round's sensitivity pair. */
export const SpinFlag = z.number().int().min(1).max(MAX_SPIN_NS).optional();

/** parent -> bare loop: everything it needs to reproduce the scenario's load. */
const BareStartSchema = z.object({
  host: z.string(),
  port: z.number().int().min(1).max(65535),
  inFlight: z.number().int().min(1),
  keySpace: z.number().int().min(1),
  keyLength: z.number().int().min(1),
  valueSize: z.number().int().min(0),
  /** Probability that an operation is a GET; the rest are SETs. */
  getShare: z.number().min(0).max(1),
  autoPipelining: z.boolean(),
  warmupSeconds: z.number().int().min(0),
  durationSeconds: z.number().int().min(1),
  seed: z.number().int().min(0),
  measure: MeasureFlag,
  spinNs: SpinFlag,
});
export type BareStart = z.infer<typeof BareStartSchema>;

export const ToBareSchema = z.discriminatedUnion('type', [msg('start', BareStartSchema)]);

const BareResultSchema = z.object({
  /** Operations answered after warm-up, counted the way kvscope counts them (see bare-loop.ts). */
  ops: z.number().int().min(0),
  errors: z.number().int().min(0),
  opsPerSec: z.number().min(0),
  /** Event-loop utilisation over the measured phase. */
  elu: z.number().min(0).max(1),
  /** CPU time (user + system, every thread) of the process over the measured phase, µs. */
  cpuUs: z.number().min(0),
});
export type BareResult = z.infer<typeof BareResultSchema>;

/** A bare loop's answers, failures and CPU time (µs) since it started, warm-up included: one instant of a paired round. */
const BareMarkSchema = z.object({
  ops: z.number().int().min(0),
  errors: z.number().int().min(0),
  cpuUs: z.number().min(0),
});
export type BareMark = z.infer<typeof BareMarkSchema>;

/** bare loop -> parent */
export const FromBareSchema = z.discriminatedUnion('type', [
  msg('result', BareResultSchema),
  msg('mark', BareMarkSchema),
  msg('fatal', z.object({ message: z.string() })),
]);
export type FromBare = z.infer<typeof FromBareSchema>;
