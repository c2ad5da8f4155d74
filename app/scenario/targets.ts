import { z } from 'zod';
import { AEROSPIKE_OPS, AerospikeTarget, STREAM_OPS } from './aerospike-target';
import { HAZELCAST_OPS, HazelcastTarget } from './hazelcast-target';
import { RedisTarget } from './redis-target';
import { hostField } from './host';
import { metricsMapField, metricsUrlsField } from './metrics-urls';

export { RedisTarget };

const host = hostField();
const port = (dflt: number) => z.number().int().min(0).max(65535).default(dflt);

/** The "cluster vs async" key-value web server, started by kvscope unless `external`. */
export const BuiltinKvTarget = z.strictObject({
  kind: z.literal('builtin-kv'),
  /**
   * async and cluster: the seed's two servers. fixed-capacity: values in
   * memory, every request served in exactly serviceTimeMs by one of
   * `handlers` handlers, so its capacity is known by construction
   * (handlers x 1000 / serviceTimeMs requests a second): a yardstick for
   * `kvscope capacity`.
   */
  mode: z.enum(['async', 'cluster', 'fixed-capacity']).default('async'),
  /** Server processes in cluster mode (the seed's nServers); async mode is always one. */
  servers: z.number().int().min(1).max(64).default(2),
  /** fixed-capacity: requests served at once. */
  handlers: z.number().int().min(1).max(10_000).default(4),
  /** fixed-capacity: each request's service time, ms. */
  serviceTimeMs: z.number().min(0.1).max(60_000).default(5),
  /** Times a GET re-reads, sorts and reduces the value before answering (the seed's nTimes). */
  nTimes: z.number().int().min(0).max(10_000).default(30),
  /** Where values are written; a fresh temporary folder per run when omitted. */
  dataPath: z.string().min(1).optional(),
  host,
  /** 0 picks a free port. */
  port: port(0),
  /** Connect to a server already running at host:port instead of starting one. */
  external: z.boolean().default(false),
  /** An external server's Prometheus endpoints (its own counts, latency, memory), read with the metrics map `metricsMap`. */
  metricsUrls: metricsUrlsField(),
  metricsMap: metricsMapField(),
});

/** HTTP file server streaming one file with a chosen read chunk size. */
export const BuiltinFileTarget = z.strictObject({
  kind: z.literal('builtin-file'),
  fileSize: z
    .number()
    .int()
    .min(1)
    .max(1024 ** 3)
    .default(500 * 1024),
  /** Bytes per read from disk, or 'whole' to read the file in one chunk. */
  chunkSize: z
    .union([
      z
        .number()
        .int()
        .min(1)
        .max(1024 ** 3),
      z.literal('whole'),
    ])
    .default(64 * 1024),
  host,
  port: port(0),
  external: z.boolean().default(false),
  metricsUrls: metricsUrlsField(),
  metricsMap: metricsMapField(),
});

export const TargetSchema = z.discriminatedUnion('kind', [
  BuiltinKvTarget,
  BuiltinFileTarget,
  RedisTarget,
  AerospikeTarget,
  HazelcastTarget,
]);
export type Target = z.infer<typeof TargetSchema>;
export type TargetKind = Target['kind'];

/**
 * Read-modify-write (YCSB workload F): read the key, then write it, timed
 * as one operation from the read's start to the write's answer. The server
 * counts it as a read and a write.
 */
export const RMW_OP = 'rmw';

/** Operation names each target kind understands, in display order. */
export const TARGET_OPS: Record<TargetKind, readonly string[]> = {
  'builtin-kv': ['get', 'put'],
  'builtin-file': ['get'],
  redis: ['get', 'set', RMW_OP],
  aerospike: [...AEROSPIKE_OPS, RMW_OP],
  hazelcast: [...HAZELCAST_OPS, RMW_OP],
};

/** Ops that run only when the mix names them: record streams (they run alone) and read-modify-write. */
export const MIX_ONLY_OPS: readonly string[] = [...STREAM_OPS, RMW_OP];

/** The ops of a scenario with neither mix nor readsPerWrite, equally weighted. */
export const defaultOps = (kind: TargetKind): string[] => TARGET_OPS[kind].filter((op) => !MIX_ONLY_OPS.includes(op));

/** Which op is the "write" when a mix is given as reads per write. */
export const WRITE_OP: Record<TargetKind, string | undefined> = {
  'builtin-kv': 'put',
  'builtin-file': undefined,
  redis: 'set',
  aerospike: 'put',
  hazelcast: 'set',
};

/** Every op that changes data, for the reads/writes split of the throughput view. */
export const WRITE_OPS: Record<TargetKind, readonly string[]> = {
  'builtin-kv': ['put'],
  'builtin-file': [],
  redis: ['set', RMW_OP],
  aerospike: ['put', 'delete', RMW_OP],
  hazelcast: ['set', 'remove', RMW_OP],
};

// Secrets are handled in one place; re-exported for the callers that know targets.
export { redactTarget, SECRET_FIELDS } from './secrets';
