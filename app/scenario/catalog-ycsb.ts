import { HAZELCAST_SETTLED_SECONDS } from './catalog-hazelcast';
import type { ScenarioInput } from './schema';
import { RMW_OP, WRITE_OP } from './targets';

/**
 * YCSB's core workloads (the `workloads/workloada` to `workloadf` files of
 * the YCSB distribution) by their own properties: `recordcount` records of
 * `fieldcount` fields of `fieldlength` bytes, loaded before the run.
 * kvscope writes a record as one value of fieldcount x fieldlength bytes.
 */
export const YCSB_RECORD_COUNT = 100_000;
export const YCSB_FIELD_COUNT = 10;
export const YCSB_FIELD_LENGTH = 100;

type YcsbTarget = 'redis' | 'aerospike' | 'hazelcast';
export const YCSB_TARGETS: readonly YcsbTarget[] = ['redis', 'aerospike', 'hazelcast'];

interface Workload {
  letter: string;
  words: string;
  /** Shares by YCSB's names: read, update, insert, readmodifywrite. */
  read: number;
  write?: number;
  rmw?: number;
  latest?: boolean;
}

const WORKLOADS: readonly Workload[] = [
  { letter: 'a', words: 'update heavy: read/update 50/50, zipfian', read: 0.5, write: 0.5 },
  { letter: 'b', words: 'read mostly: read/update 95/5, zipfian', read: 0.95, write: 0.05 },
  { letter: 'c', words: 'read only, zipfian', read: 1 },
  { letter: 'd', words: 'read latest: read/insert 95/5, reads favour the records inserted last', read: 0.95, write: 0.05, latest: true },
  { letter: 'f', words: 'read-modify-write: read/read-modify-write 50/50, zipfian', read: 0.5, rmw: 0.5 },
];

/** Why workload E (short range scans) has no catalog entry for each target. */
export const YCSB_E_REFUSALS: Readonly<Record<YcsbTarget, string>> = {
  redis: 'Redis keys have no order to scan a short range in (SCAN walks the whole keyspace unordered)',
  aerospike:
    'Aerospike scans and queries stream a whole set or an index range and run alone (aerospike-scan, aerospike-query), not YCSB E short scans mixed with inserts',
  hazelcast: 'a Hazelcast IMap has no ordered range scan of keys',
};

const TARGETS: Record<YcsbTarget, (records: number) => ScenarioInput['target']> = {
  redis: (prefill) => ({ kind: 'redis', prefill }),
  aerospike: (prefill) => ({ kind: 'aerospike', prefill }),
  hazelcast: (prefill) => ({ kind: 'hazelcast', localMembers: 2, prefill }),
};

const SHAPE = {
  keySpace: YCSB_RECORD_COUNT,
  keyLength: 12,
  valueSize: YCSB_FIELD_COUNT * YCSB_FIELD_LENGTH,
  workers: 2,
  inFlight: 32,
  durationSeconds: 30,
} as const;

const entry = (w: Workload, kind: YcsbTarget): ScenarioInput => {
  const mix: Record<string, number> = { get: w.read };
  if (w.write) mix[WRITE_OP[kind]!] = w.write;
  if (w.rmw) mix[RMW_OP] = w.rmw;
  return {
    name: `ycsb-${w.letter}-${kind}`,
    description: `YCSB workload ${w.letter.toUpperCase()} on ${kind} (${w.words}); recordcount ${YCSB_RECORD_COUNT}, fieldcount ${YCSB_FIELD_COUNT}, fieldlength ${YCSB_FIELD_LENGTH}, loaded first`,
    target: TARGETS[kind](YCSB_RECORD_COUNT),
    mix,
    keyDistribution: { kind: w.latest ? 'latest' : 'zipfian' },
    ...SHAPE,
    // The Hazelcast client recompiles its code when it first sends metrics: past that before measuring.
    warmupSeconds: kind === 'hazelcast' ? HAZELCAST_SETTLED_SECONDS : 2,
  };
};

export const YCSB_CATALOG: readonly ScenarioInput[] = WORKLOADS.flatMap((w) => YCSB_TARGETS.map((kind) => entry(w, kind)));

/** The reason a YCSB workload E name is not in the catalog, or undefined for any other name. */
export function ycsbRefusal(name: string): string | undefined {
  const m = /^ycsb-e-(.+)$/.exec(name);
  if (!m) return undefined;
  const why = YCSB_E_REFUSALS[m[1] as YcsbTarget];
  return why
    ? `YCSB workload E (short range scans) is not for ${m[1]}: ${why}`
    : `YCSB workload E is not in the catalog; the YCSB entries are ycsb-{a,b,c,d,f}-{${YCSB_TARGETS.join(',')}}`;
}
