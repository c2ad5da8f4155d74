import type { ScenarioInput } from './schema';

/**
 * The Hazelcast Node.js client benchmark: IMap get/set with string values,
 * a fixed concurrency limit and a warm-up, on a 2-member local cluster
 * kvscope starts for the run (point target.members at your own and set
 * localMembers to 0 for a real one).
 */
const BENCH = {
  workers: 1,
  inFlight: 32,
  valueSize: 1024,
  keySpace: 10_000,
  keyLength: 12,
  warmupSeconds: 5,
  durationSeconds: 20,
} as const;
const target = (extra: Record<string, unknown> = {}) => ({ kind: 'hazelcast' as const, localMembers: 2, ...extra });

export const HAZELCAST_CATALOG: readonly ScenarioInput[] = [
  {
    name: 'hazelcast-get',
    description: 'Hazelcast IMap get() read-heavy (95/5), 1 KB strings, 2 local members',
    target: target(),
    mix: { get: 0.95, set: 0.05 },
    ...BENCH,
  },
  {
    name: 'hazelcast-set',
    description: 'Hazelcast IMap set() write-heavy (5/95), 1 KB strings, 2 local members',
    target: target(),
    mix: { get: 0.05, set: 0.95 },
    ...BENCH,
  },
  {
    name: 'hazelcast-random',
    description: 'Hazelcast IMap get/set/remove chosen at random, 1 KB strings',
    target: target(),
    mix: { get: 1, set: 1, remove: 1 },
    ...BENCH,
  },
  {
    name: 'hazelcast-payloads',
    description: 'Hazelcast get/set 50/50 with 3 B, 1 KB and 100 KB strings (a sweep of the value size)',
    target: target(),
    mix: { get: 0.5, set: 0.5 },
    ...BENCH,
  },
  {
    name: 'hazelcast-pipelining',
    description: 'Hazelcast get/set 50/50 with automated pipelining on, then off (a sweep)',
    target: target(),
    mix: { get: 0.5, set: 0.5 },
    ...BENCH,
  },
];

export const HAZELCAST_SWEEPS: Readonly<Record<string, string>> = {
  'hazelcast-payloads': 'valueSize=3,1024,102400',
  'hazelcast-pipelining': 'target.autoPipelining=true,false',
};
