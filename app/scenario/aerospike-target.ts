import { z } from 'zod';
import { metricsMapField, metricsUrlsField } from './metrics-urls';
import { errorMessage } from '../error-message';
import { clientField } from './client-version';

/** Aerospike's default service port, used for a seed host given without one. */
const AEROSPIKE_DEFAULT_PORT = 3000;
const HOST_PORT = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\])(?::(\d{1,5}))?$/;

interface SeedHost {
  addr: string;
  port: number;
}

/** `a:3000,b:3001` (port optional) as a list; throws naming the bad entry. */
export function parseSeedHosts(text: string): SeedHost[] {
  return text.split(',').map((raw) => {
    const h = raw.trim();
    const m = HOST_PORT.exec(h);
    const port = m?.[2] === undefined ? AEROSPIKE_DEFAULT_PORT : Number(m[2]);
    if (!m || port < 1 || port > 65535) throw new Error(`"${h}" is not host or host:port`);
    return { addr: m[1].replace(/^\[|\]$/g, ''), port };
  });
}

const seedHosts = z
  .string()
  .min(1, 'give at least one seed host')
  .default(`127.0.0.1:${AEROSPIKE_DEFAULT_PORT}`)
  .superRefine((text, ctx) => {
    try {
      parseSeedHosts(text);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `${errorMessage(err)} (a comma-separated list of seed hosts)` });
    }
  });

/** The `aerospike` npm client against the user's cluster. */
export const AerospikeTarget = z
  .strictObject({
    kind: z.literal('aerospike'),
    /** Seed hosts; the client discovers the rest of the cluster from them. */
    hosts: seedHosts,
    namespace: z.string().min(1).max(31).default('test'),
    set: z.string().max(63).default('demo'),
    user: z.string().min(1).optional(),
    password: z.string().optional(),
    /** TLS: the name on the nodes' certificates, and the CA to check them with; TLS is on when either is set. */
    tlsName: z.string().min(1).optional(),
    tlsCaFile: z.string().min(1).optional(),
    connectTimeoutMs: z.number().int().min(1).max(60_000).default(1000),
    /** Client-side limits per command; 0 socket timeout means only the total applies. */
    totalTimeoutMs: z.number().int().min(0).max(600_000).default(1000),
    socketTimeoutMs: z.number().int().min(0).max(600_000).default(0),
    maxConnsPerNode: z.number().int().min(1).max(10_000).default(100),
    /** Type of the value bin: a string or bytes of valueSize, or an 8-byte integer. */
    binType: z.enum(['string', 'bytes', 'integer']).default('string'),
    /** Keys per batch-read operation. */
    batchSize: z.number().int().min(1).max(5000).default(10),
    /** Where scan and query records go: dropped, or written to a file (honouring back-pressure). */
    sink: z.enum(['noop', 'file']).default('noop'),
    /** Folder of the file sink; the system's temporary folder when omitted. The file is removed after the run. */
    sinkDir: z.string().min(1).optional(),
    /** Records fetched per page of a scan or query: the most a worker holds at once. */
    pageSize: z.number().int().min(1).max(100_000).default(1000),
    /**
     * The V8 heap of a scan or query worker: "lean" sizes it for one page
     * (main/engine/worker-flags.ts), so the worker's memory is what streaming
     * needs rather than what V8 would grow to; "node" keeps Node's defaults.
     */
    streamHeap: z.enum(['lean', 'node']).default('lean'),
    /** Integer range [queryFrom, queryTo] of the indexed bin `n` that a query streams. */
    queryFrom: z.number().int().default(0),
    queryTo: z.number().int().default(49_999),
    /** Create the query's secondary index when it is missing. */
    createIndex: z.boolean().default(true),
    /** Records written to the set before the run (keys 0..prefill-1, bins v and n) so scans have data. */
    prefill: z.number().int().min(0).max(10_000_000).default(0),
    /** The client version the workers load, e.g. "aerospike@5.12.1"; absent: the one bundled with kvscope (target.client). */
    client: clientField('aerospike'),
    /** Each node's Prometheus endpoint (Aerospike's exporter, say), read instead of info commands with the metrics map `metricsMap`. */
    metricsUrls: metricsUrlsField(),
    metricsMap: metricsMapField(),
  })
  .superRefine((t, ctx) => {
    if (t.password !== undefined && t.user === undefined) {
      ctx.addIssue({ code: 'custom', path: ['user'], message: 'a password needs a user' });
    }
    if (t.queryTo < t.queryFrom) ctx.addIssue({ code: 'custom', path: ['queryTo'], message: 'must be at least queryFrom' });
  });

export const AEROSPIKE_OPS = ['get', 'put', 'delete', 'batch-read', 'scan', 'query'] as const;
/** Ops that stream records; one of them runs alone, one record per operation. */
export const STREAM_OPS: readonly string[] = ['scan', 'query'];
/** The secondary index a query uses, on the integer bin every prefilled record has. */
export const QUERY_BIN = 'n';
export const QUERY_INDEX = 'kvscope_n';
