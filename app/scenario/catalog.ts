import { AEROSPIKE_CATALOG } from './catalog-aerospike';
import { HAZELCAST_CATALOG, HAZELCAST_GRIDS } from './catalog-hazelcast';
import type { ScenarioInput } from './schema';
import { YCSB_CATALOG } from './catalog-ycsb';

import { CATALOG_SWEEPS as CLIENT_SWEEPS } from './catalog-aerospike';
import { SYSTEM_NODE } from './node-version';
import { upgradeSweep, upgradeWords } from './catalog-upgrades';

/** Node majors node-versions compares with the system's: the two current long-term-support lines. */
const NODE_MAJORS = ['22', '24'] as const;

/** Catalog scenarios that are sweeps of one setting (`--sweep off` runs them once). */
export const CATALOG_SWEEPS: Readonly<Record<string, string>> = {
  ...CLIENT_SWEEPS,
  'node-versions': `node=${[SYSTEM_NODE, ...NODE_MAJORS].join(',')}`,
  'ioredis-upgrade': upgradeSweep('ioredis'),
  // The seeds' own comparisons, one command each: the chunk sizes, and cluster against async.
  'file-chunks': 'target.chunkSize=4096,65536,whole',
  'kv-cluster-vs-async': 'target.mode=async,cluster',
};

/** Catalog scenarios that are grids of two or more settings, outer first (`--sweep off` runs them once). */
export const CATALOG_GRIDS: Readonly<Record<string, readonly string[]>> = HAZELCAST_GRIDS;

/** A catalog scenario's own sweep settings, outer first: none, one (a sweep) or more (a grid). */
export function catalogSweeps(name: string): string[] {
  const grid = CATALOG_GRIDS[name];
  if (grid) return [...grid];
  const one = CATALOG_SWEEPS[name];
  return one ? [one] : [];
}

/** The seed "cluster vs async" benchmark's config.json, mapped onto scenario fields. */
const KV_SEED = {
  readsPerWrite: 3,
  valueSize: 2000, // valueLen: elements in the stored array
  keyLength: 10,
  keySpace: 1000,
  workers: 8, // nClients
  inFlight: 1, // each seed client waits for one answer before the next request
  warmupSeconds: 2,
  durationSeconds: 20,
} as const;

/** kv-fixed-capacity's server: 800 requests a second by construction. */
const FIXED = { handlers: 4, serviceTimeMs: 5 } as const;

const FILE_SEED = { workers: 1, inFlight: 8, warmupSeconds: 1, durationSeconds: 10 } as const;

const REDIS_BASE = {
  keySpace: 100_000,
  keyLength: 16,
  valueSize: 1024,
  workers: 2,
  inFlight: 32,
  warmupSeconds: 2,
  durationSeconds: 10,
} as const;

export const CATALOG: readonly ScenarioInput[] = [
  {
    name: 'kv-async',
    description: 'Key-value web server, one process with asynchronous I/O (the cluster-vs-async benchmark)',
    target: { kind: 'builtin-kv', mode: 'async', servers: 2, nTimes: 30 },
    ...KV_SEED,
  },
  {
    name: 'kv-cluster',
    description: 'Key-value web server, node:cluster with 2 processes and synchronous I/O (the cluster-vs-async benchmark)',
    target: { kind: 'builtin-kv', mode: 'cluster', servers: 2, nTimes: 30 },
    ...KV_SEED,
  },
  {
    name: 'kv-cluster-vs-async',
    description:
      'The key-value web server with asynchronous I/O, then node:cluster with 2 processes and synchronous I/O, compared (a sweep)',
    target: { kind: 'builtin-kv', mode: 'async', servers: 2, nTimes: 30 },
    ...KV_SEED,
  },
  {
    name: 'file-chunks',
    description: 'Stream a 500 KiB file read in 4 KiB chunks, 64 KiB chunks and whole, compared (a sweep of the chunk size)',
    target: { kind: 'builtin-file', fileSize: 500 * 1024, chunkSize: 4096 },
    ...FILE_SEED,
  },
  {
    name: 'file-chunks-4k',
    description: 'Stream a 500 KiB file read in 4 KiB chunks',
    target: { kind: 'builtin-file', fileSize: 500 * 1024, chunkSize: 4096 },
    ...FILE_SEED,
  },
  {
    name: 'file-chunks-64k',
    description: 'Stream a 500 KiB file read in 64 KiB chunks',
    target: { kind: 'builtin-file', fileSize: 500 * 1024, chunkSize: 64 * 1024 },
    ...FILE_SEED,
  },
  {
    name: 'kv-fixed-capacity',
    description: `A built-in server of known capacity: ${FIXED.handlers} handlers of ${FIXED.serviceTimeMs} ms each, ${(FIXED.handlers * 1000) / FIXED.serviceTimeMs} requests a second at most (try kvscope capacity on it)`,
    target: { kind: 'builtin-kv', mode: 'fixed-capacity', ...FIXED },
    mix: { get: 0.5, put: 0.5 },
    keySpace: 1000,
    keyLength: 10,
    valueSize: 100,
    workers: 1,
    inFlight: 64,
    warmupSeconds: 1,
    durationSeconds: 5,
  },
  {
    name: 'file-chunks-whole',
    description: 'Stream a 500 KiB file read in one chunk',
    target: { kind: 'builtin-file', fileSize: 500 * 1024, chunkSize: 'whole' },
    ...FILE_SEED,
  },
  {
    name: 'redis-mix',
    description: 'Redis GET/SET 50/50, 1 KB values',
    target: { kind: 'redis' },
    mix: { get: 0.5, set: 0.5 },
    ...REDIS_BASE,
  },
  {
    name: 'redis-read-heavy',
    description: 'Redis GET/SET 95/5, 1 KB values',
    target: { kind: 'redis' },
    mix: { get: 0.95, set: 0.05 },
    ...REDIS_BASE,
  },
  {
    name: 'redis-write-heavy',
    description: 'Redis GET/SET 5/95, 1 KB values',
    target: { kind: 'redis' },
    mix: { get: 0.05, set: 0.95 },
    ...REDIS_BASE,
  },
  {
    name: 'node-versions',
    description: `redis-mix on the system's Node and on Node ${NODE_MAJORS.join(' and ')} (a sweep of node; install them with kvscope runtimes add, or Install in the editor)`,
    target: { kind: 'redis' },
    mix: { get: 0.5, set: 0.5 },
    ...REDIS_BASE,
  },
  {
    name: 'ioredis-upgrade',
    description: `redis-mix on ${upgradeWords('ioredis')}`,
    target: { kind: 'redis' },
    mix: { get: 0.5, set: 0.5 },
    ...REDIS_BASE,
  },
  {
    name: 'redis-cluster-mix',
    description: 'Redis Cluster GET/SET 50/50, 1 KB values, on a local cluster of 3 masters kvscope starts for the run',
    target: { kind: 'redis', localCluster: 3 },
    mix: { get: 0.5, set: 0.5 },
    ...REDIS_BASE,
  },
  ...AEROSPIKE_CATALOG,
  ...HAZELCAST_CATALOG,
  ...YCSB_CATALOG,
];

export function findScenario(name: string): ScenarioInput | undefined {
  const s = CATALOG.find((c) => c.name === name);
  return s && structuredClone(s);
}
