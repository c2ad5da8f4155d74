import { z } from 'zod';
import { MeasureFlag, SpinFlag } from '../bare-protocol';

/** parent -> a bare cluster loop: the load of one kvscope worker of the scenario. */
export const ClusterBareStartSchema = z.object({
  host: z.string(),
  port: z.number().int().min(1).max(65535),
  clusterName: z.string(),
  autoPipelining: z.boolean(),
  /**
   * Hazelcast: the batch size of automated pipelining and the invocation
   * timeout, as kvscope's driver sets them (the client's defaults batch at
   * 8 KB, kvscope's scenarios at 64 KB: fewer, larger writes per operation).
   */
  pipeliningThresholdBytes: z.number().int().min(1).optional(),
  invocationTimeoutMs: z.number().int().min(1).optional(),
  inFlight: z.number().int().min(1),
  keySpace: z.number().int().min(1),
  keyLength: z.number().int().min(1),
  valueSize: z.number().int().min(0),
  /** Probability that an operation is a GET; the rest are SETs. */
  getShare: z.number().min(0).max(1),
  warmupSeconds: z.number().int().min(0),
  durationSeconds: z.number().int().min(1),
  seed: z.number().int().min(0),
  measure: MeasureFlag,
  spinNs: SpinFlag,
  /** --loop: the scenario kvscope's own loop runs in loop-child.ts (validated there as any scenario); bare loops ignore it. */
  scenario: z.unknown().optional(),
});
export type ClusterBareStart = z.infer<typeof ClusterBareStartSchema>;
