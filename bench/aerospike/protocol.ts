import { z } from 'zod';
import { MeasureFlag, SpinFlag } from '../bare-protocol';

/** parent -> bare aerospike loop: the load of one kvscope worker of the scenario. */
export const AsBareStartSchema = z.object({
  hosts: z.string(),
  namespace: z.string(),
  set: z.string(),
  inFlight: z.number().int().min(1),
  keySpace: z.number().int().min(1),
  keyLength: z.number().int().min(1),
  valueSize: z.number().int().min(0),
  /** Probability that an operation is a GET; the rest are PUTs. */
  getShare: z.number().min(0).max(1),
  totalTimeoutMs: z.number().int().min(0),
  warmupSeconds: z.number().int().min(0),
  durationSeconds: z.number().int().min(1),
  seed: z.number().int().min(0),
  measure: MeasureFlag,
  spinNs: SpinFlag,
});
export type AsBareStart = z.infer<typeof AsBareStartSchema>;
