import type { ScenarioInput } from './schema';

/** Seed 003's baseline and its "latest one": the 3.x-protocol client of spring 2019 and the first 4.x client. */
export const SEED_003_CLIENTS = ['0.10.0', '4.0.2'] as const;
/** The seed's payloads: 3 B, 1 KB and 100 KB strings. */
const SEED_003_VALUE_SIZES = [3, 1024, 102_400] as const;
/**
 * 1,000 keys: at 100 KB their entries and one backup are 195 MiB on the one
 * member, under half its default 512 MiB heap (HAZELCAST_DATA_HEAP_SHARE).
 */
const SEED_003_KEY_SPACE = 1000;

/**
 * The seed's own benchmark after its fixes: one client, a fixed concurrency
 * limit, a warm-up, one member, here for a fixed time rather than a count of
 * operations (0.10 at 100 KB would take minutes for the seed's million). Each
 * client runs against a member of its own generation (3.12.13 for 0.10,
 * 4.0.3 for 4.0: app/scenario/hazelcast-generation.ts).
 */
const SEED_003 = {
  workers: 1,
  inFlight: 128,
  keyLength: 12,
  keySpace: SEED_003_KEY_SPACE,
  warmupSeconds: 5,
  durationSeconds: 15,
} as const;

const MIXES = {
  'read-heavy': { mix: { get: 1 }, prefill: SEED_003_KEY_SPACE, words: 'IMap get() only, every key set before the run' },
  'write-heavy': { mix: { set: 1 }, prefill: 0, words: 'IMap set() only' },
  random: { mix: { get: 40, set: 40, remove: 20 }, prefill: 0, words: 'get/set/remove 40/40/20' },
} as const;

const nameOf = (kind: keyof typeof MIXES): string => `hazelcast-0.10-vs-4.0-${kind}`;

/** Seed 003's first table, one grid a scenario: each payload, 0.10.0 against 4.0.2. */
export const HAZELCAST_SEED_CATALOG: readonly ScenarioInput[] = (Object.keys(MIXES) as (keyof typeof MIXES)[]).map((kind) => ({
  name: nameOf(kind),
  description: `Seed 003's table, ${kind}: ${MIXES[kind].words} over 1,000 keys, 128 in flight, 1 local member, hazelcast-client ${SEED_003_CLIENTS.join(' against ')} at 3 B, 1 KB and 100 KB (a grid; each client against a member of its own generation; hazelcast-client@${SEED_003_CLIENTS[0]} and @${SEED_003_CLIENTS[1]} are installed once)`,
  target: { kind: 'hazelcast' as const, localMembers: 1, prefill: MIXES[kind].prefill },
  mix: MIXES[kind].mix,
  valueSize: SEED_003_VALUE_SIZES[1],
  ...SEED_003,
}));

export const HAZELCAST_SEED_GRIDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  (Object.keys(MIXES) as (keyof typeof MIXES)[]).map((kind) => [
    nameOf(kind),
    [`valueSize=${SEED_003_VALUE_SIZES.join(',')}`, `target.client=${SEED_003_CLIENTS.map((v) => `hazelcast-client@${v}`).join(',')}`],
  ]),
);
