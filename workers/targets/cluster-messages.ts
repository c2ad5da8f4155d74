import { z } from 'zod';
import { NodeCountersSchema } from '../../app/metrics/node-stats';
import { msg } from '../../app/protocol/envelope';

/** Environment variable through which the primary hands a cluster worker its settings. */
export const KV_WORKER_CONFIG_ENV = 'KVSCOPE_KV_WORKER';

export const KvWorkerConfigSchema = z.object({
  host: z.string().min(1),
  port: z.number().int().min(0).max(65535),
  nTimes: z.number().int().min(0),
  dataDir: z.string().min(1),
});
export type KvWorkerConfig = z.infer<typeof KvWorkerConfigSchema>;

/**
 * Cluster worker -> primary. Private to the built-in KV target: main only
 * ever sees the combined 'node-stats' the primary forwards.
 */
export const FromKvWorkerSchema = z.discriminatedUnion('type', [
  /** This worker's cumulative counters, once a second. */
  msg('counters', NodeCountersSchema),
  /** The worker cannot serve, e.g. it could not listen. */
  msg('fatal', z.object({ message: z.string() })),
]);
export type FromKvWorker = z.infer<typeof FromKvWorkerSchema>;
