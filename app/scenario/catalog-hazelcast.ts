import { upgradeSweep, upgradeWords } from './catalog-upgrades';
import { HAZELCAST_SEED_CATALOG, HAZELCAST_SEED_GRIDS } from './catalog-hazelcast-seed';
import type { ScenarioInput } from './schema';

/**
 * The Hazelcast client sends its first metrics this long after it starts (its
 * default period, which kvscope leaves as it is); V8 compiles the client's code
 * again then (docs/benchmarks.md, "Warm-up and round length").
 */
export const HAZELCAST_FIRST_METRICS_SECONDS = 5;
/** A warm-up past that recompilation: it takes a second or two. */
export const HAZELCAST_SETTLED_SECONDS = HAZELCAST_FIRST_METRICS_SECONDS + 3;

/**
 * kvscope's own read- and write-heavy runs and the seed's sweeps: IMap
 * get/set with string values, a fixed concurrency limit and a warm-up, on a
 * 2-member local cluster kvscope starts for the run (point target.members at
 * your own and set localMembers to 0 for a real one).
 */
const BENCH = {
  workers: 1,
  inFlight: 32,
  valueSize: 1024,
  keySpace: 10_000,
  keyLength: 12,
  warmupSeconds: HAZELCAST_SETTLED_SECONDS,
  durationSeconds: 20,
} as const;
const target = (extra: Record<string, unknown> = {}) => ({ kind: 'hazelcast' as const, localMembers: 2, ...extra });

/** Copies of each entry the local members keep: the entry and Hazelcast's one backup (its default, which they keep). */
export const HAZELCAST_COPIES = 2;
/** The most of a member's heap a catalog entry's entries may fill: the collector needs the rest for the sets' garbage. */
export const HAZELCAST_DATA_HEAP_SHARE = 0.5;
/**
 * The payload sweep's keys: its 100 KB point's entries and backups must fit
 * the members' heaps (default 512 MiB each). Over BENCH's 10,000 keys they are
 * 10,000 x 102,400 B x 2 copies / 2 members = 977 MiB a member, nearly twice
 * the heap, and the members collect garbage until operations time out; over
 * 1,000 keys 98 MiB a member, 19 % of the heap, under HAZELCAST_DATA_HEAP_SHARE.
 * Fewer keys also fill sooner, so the gets find 100 KB values to read.
 */
const PAYLOADS_KEY_SPACE = 1000;

/**
 * The Hazelcast Node.js client's own benchmark (benchmark/Benchmark.js in
 * hazelcast-nodejs-client): one client, 128 operations in flight, 1,024-character
 * ASCII values, 1,000,000 operations after a warm-up of 100,000 (here about 3 s),
 * against one member.
 */
const CLIENT_BENCHMARK = {
  workers: 1,
  inFlight: 128,
  valueSize: 1024,
  keyLength: 12,
  warmupSeconds: 3,
  totalOps: 1_000_000,
  // A limit, not the length: the run ends at the millionth operation.
  durationSeconds: 600,
} as const;
const clientBenchmarkTarget = (extra: Record<string, unknown> = {}) => ({ kind: 'hazelcast' as const, localMembers: 1, ...extra });

export const HAZELCAST_CATALOG: readonly ScenarioInput[] = [
  {
    name: 'hazelcast-get',
    description:
      "The Hazelcast client benchmark's get: 100 % IMap get() of one key, set once before the run, 128 in flight, 1 KB strings, 1,000,000 operations, 1 local member",
    target: clientBenchmarkTarget({ prefill: 1 }),
    mix: { get: 1 },
    keySpace: 1,
    ...CLIENT_BENCHMARK,
  },
  {
    name: 'hazelcast-set',
    description:
      "The Hazelcast client benchmark's set: 100 % IMap set() of one key, 128 in flight, 1 KB strings, 1,000,000 operations, 1 local member",
    target: clientBenchmarkTarget(),
    mix: { set: 1 },
    keySpace: 1,
    ...CLIENT_BENCHMARK,
  },
  {
    name: 'hazelcast-random',
    description:
      "The Hazelcast client benchmark's random: get/set/remove 40/40/20 over 1,000 keys, 128 in flight, 1 KB strings, 1,000,000 operations, 1 local member (the original draws fractional keys below 1,000, so its keys rarely repeat)",
    target: clientBenchmarkTarget(),
    mix: { get: 40, set: 40, remove: 20 },
    keySpace: 1000,
    ...CLIENT_BENCHMARK,
  },
  {
    name: 'hazelcast-client-upgrade',
    description: `The client benchmark's random (40/40/20 over 1,000 keys, 128 in flight, 1 local member) on ${upgradeWords('hazelcast-client')}`,
    target: clientBenchmarkTarget(),
    mix: { get: 40, set: 40, remove: 20 },
    keySpace: 1000,
    ...CLIENT_BENCHMARK,
  },
  {
    name: 'hazelcast-read-heavy',
    description: 'Hazelcast IMap get/set 95/5 over 10,000 keys, 32 in flight, 1 KB strings, 2 local members',
    target: target(),
    mix: { get: 0.95, set: 0.05 },
    ...BENCH,
  },
  {
    name: 'hazelcast-write-heavy',
    description: 'Hazelcast IMap get/set 5/95 over 10,000 keys, 32 in flight, 1 KB strings, 2 local members',
    target: target(),
    mix: { get: 0.05, set: 0.95 },
    ...BENCH,
  },
  {
    name: 'hazelcast-payloads',
    description: 'Hazelcast get/set 50/50 over 1,000 keys with 3 B, 1 KB and 100 KB strings (a sweep of the value size), 2 local members',
    target: target(),
    mix: { get: 0.5, set: 0.5 },
    ...BENCH,
    keySpace: PAYLOADS_KEY_SPACE,
  },
  {
    name: 'hazelcast-pipelining-payloads',
    description:
      'Hazelcast get/set 50/50 over 1,000 keys, automated pipelining on and off at 3 B, 1 KB and 100 KB (a grid: each payload compared on vs off), 2 local members',
    target: target(),
    mix: { get: 0.5, set: 0.5 },
    ...BENCH,
    keySpace: PAYLOADS_KEY_SPACE,
  },
  {
    name: 'hazelcast-pipelining',
    description: 'Hazelcast get/set 50/50 with automated pipelining on, then off (a sweep), 2 local members',
    target: target(),
    mix: { get: 0.5, set: 0.5 },
    ...BENCH,
  },
  ...HAZELCAST_SEED_CATALOG,
];

/** Catalog grids, outer setting first: seed 003's pipelining figure, on vs off at each payload. */
export const HAZELCAST_GRIDS: Readonly<Record<string, readonly string[]>> = {
  'hazelcast-pipelining-payloads': ['valueSize=3,1024,102400', 'target.autoPipelining=true,false'],
  ...HAZELCAST_SEED_GRIDS,
};

export const HAZELCAST_SWEEPS: Readonly<Record<string, string>> = {
  'hazelcast-client-upgrade': upgradeSweep('hazelcast-client'),
  'hazelcast-payloads': 'valueSize=3,1024,102400',
  'hazelcast-pipelining': 'target.autoPipelining=true,false',
};
