import { z } from 'zod';
import { metricsMapField, metricsUrlsField } from './metrics-urls';
import { errorMessage } from '../error-message';
import { clientField } from './client-version';

/** Hazelcast's default member port. */
const HAZELCAST_DEFAULT_PORT = 5701;
/** Most members a local cluster may have: each is a JVM, and this bounds a typo. */
const MAX_LOCAL_MEMBERS = 8;
const MEMBER = /^([A-Za-z0-9.-]+)(?::(\d{1,5}))?$/;
/** Longer names are a mistake, not a cluster. */
const MAX_CLUSTER_NAME = 255;
/** A local member's heap unless the scenario says otherwise: a benchmark's maps, not a production data set. */
export const DEFAULT_MEMBER_HEAP_MB = 512;
/** Below this a member spends its time collecting garbage or fails to start. */
const MIN_MEMBER_HEAP_MB = 64;
/** Bounds a typo; what this machine can give is checked when a run is admitted (main/policy/member-heap.ts). */
const MAX_MEMBER_HEAP_MB = 256 * 1024;

/** `a:5701,b` (port optional) as `host:port` strings; throws naming the bad entry. */
export function parseMembers(text: string): string[] {
  return text.split(',').map((raw) => {
    const m = MEMBER.exec(raw.trim());
    const port = m?.[2] === undefined ? HAZELCAST_DEFAULT_PORT : Number(m[2]);
    if (!m || port < 1 || port > 65535) throw new Error(`"${raw.trim()}" is not host or host:port`);
    return `${m[1]}:${port}`;
  });
}

/** `hazelcast-client` against Hazelcast members, or a local cluster kvscope starts for the run. */
export const HazelcastTarget = z.strictObject({
  kind: z.literal('hazelcast'),
  /** Also written into a local member's XML config: no control characters (XML 1.0 cannot carry them). */
  clusterName: z
    .string()
    .min(1)
    .max(MAX_CLUSTER_NAME)
    .regex(/^[^\u0000-\u001f\u007f]+$/, 'must not contain control characters')
    .default('dev'),
  /** Member addresses the client starts from. */
  members: z
    .string()
    .min(1, 'give at least one member address')
    .default(`127.0.0.1:${HAZELCAST_DEFAULT_PORT}`)
    .superRefine((text, ctx) => {
      try {
        parseMembers(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `${errorMessage(err)} (a comma-separated list of members)` });
      }
    }),
  /** Smart routing: one connection per member, each operation sent to its key's owner. */
  smartRouting: z.boolean().default(true),
  /** Automated pipelining: writes of one event-loop turn share one socket write, up to the threshold. */
  autoPipelining: z.boolean().default(true),
  pipeliningThresholdBytes: z
    .number()
    .int()
    .min(1)
    .max(64 * 1024 * 1024)
    .default(65_536),
  /** The IMap every operation uses. */
  map: z.string().min(1).default('kvscope'),
  connectTimeoutMs: z.number().int().min(100).max(120_000).default(5000),
  /** Start a cluster of this many members on 127.0.0.1 for the run (members is then ignored); 0: none. */
  localMembers: z.number().int().min(0).max(MAX_LOCAL_MEMBERS).default(0),
  /** Each local member's Java heap (-Xmx), MiB: the map's entries and their backups live there. */
  memberHeapMb: z
    .number()
    .int()
    .min(MIN_MEMBER_HEAP_MB, `must be at least ${MIN_MEMBER_HEAP_MB} MiB: a smaller heap cannot hold a member`)
    .max(MAX_MEMBER_HEAP_MB, `must be at most ${MAX_MEMBER_HEAP_MB} MiB`)
    .default(DEFAULT_MEMBER_HEAP_MB),
  /** Keys 0..prefill-1 set before the run (by worker 0), so gets find values: the client benchmark's get prepares its key so. */
  prefill: z.number().int().min(0).max(10_000_000).default(0),
  /** The Hazelcast jar of a local cluster; found in the Maven repository (or fetched with mvn) when omitted. */
  jar: z.string().min(1).optional(),
  /** The client version the workers load, e.g. "hazelcast-client@4.2.1"; absent: the one bundled with kvscope (target.client). */
  client: clientField('hazelcast-client'),
  /** Each member's Prometheus endpoint (a local cluster's members get the JMX exporter themselves). */
  metricsUrls: metricsUrlsField(),
  metricsMap: metricsMapField(),
});
export type HazelcastSettings = z.infer<typeof HazelcastTarget>;

export const HAZELCAST_OPS = ['get', 'set', 'remove'] as const;
