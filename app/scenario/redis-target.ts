import { z } from 'zod';
import { metricsMapField, metricsUrlsField } from './metrics-urls';
import { clientField } from './client-version';
import { hostField } from './host';

/** Most masters a local Redis Cluster may have: enough for a laptop, bounded against typos. */
const MAX_LOCAL_MASTERS = 16;

/** `ioredis` against a Redis server, a Redis Cluster, or a Redis Cluster kvscope starts for the run. */
export const RedisTarget = z
  .strictObject({
    kind: z.literal('redis'),
    host: hostField(),
    port: z.number().int().min(0).max(65535).default(6379),
    password: z.string().optional(),
    db: z.number().int().min(0).max(15).default(0),
    /** ioredis automatic pipelining: commands issued in one event-loop turn share one write. */
    autoPipelining: z.boolean().default(false),
    /** Connections per worker process (Cluster clients, in cluster mode). */
    connections: z.number().int().min(1).max(256).default(1),
    /** Speak Redis Cluster: host:port is a seed node, the client follows the slot map. */
    cluster: z.boolean().default(false),
    /** Start a Redis Cluster of this many masters on 127.0.0.1 for the run (host and port are then ignored); 0: none. */
    localCluster: z.number().int().min(0).max(MAX_LOCAL_MASTERS).default(0),
    /** Keys 0..prefill-1 set before the run (by worker 0), so reads find values (YCSB's load phase). */
    prefill: z.number().int().min(0).max(10_000_000).default(0),
    /** The client version the workers load, e.g. "ioredis@4.28.5"; absent: the one bundled with kvscope (target.client). */
    client: clientField('ioredis'),
    /** Each node's Prometheus endpoint (a redis_exporter per master, say), read instead of INFO with the metrics map `metricsMap`. */
    metricsUrls: metricsUrlsField(),
    metricsMap: metricsMapField(),
  })
  .superRefine((t, ctx) => {
    if (t.localCluster > 0 && t.metricsUrls.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['metricsUrls'], message: 'a local cluster’s masters are read directly: leave it empty' });
    }
    if ((t.cluster || t.localCluster > 0) && t.db !== 0) {
      ctx.addIssue({ code: 'custom', path: ['db'], message: 'Redis Cluster has only database 0' });
    }
  });

export type RedisSettings = z.infer<typeof RedisTarget>;

/** Whether the client must speak the cluster protocol. */
export const isRedisCluster = (t: RedisSettings): boolean => t.cluster || t.localCluster > 0;
