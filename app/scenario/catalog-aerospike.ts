import { HAZELCAST_SWEEPS } from './catalog-hazelcast';
import { upgradeSweep, upgradeWords } from './catalog-upgrades';
import type { ScenarioInput } from './schema';

/**
 * The Aerospike Node.js client benchmark's setup: four worker processes, a
 * 1 KB string bin, keys from a range of 100 000, single-key GET/PUT.
 */
const BENCH = {
  workers: 4,
  inFlight: 32,
  valueSize: 1024,
  keySpace: 100_000,
  keyLength: 12,
  warmupSeconds: 2,
  durationSeconds: 20,
} as const;

/** Scan and query: a set of 1 KB records (the write-up's data set, scaled to a quick first run). */
export const STREAM_RECORDS = 100_000;
const STREAM = { ...BENCH, workers: 1, inFlight: 1, keySpace: STREAM_RECORDS, durationSeconds: 20 } as const;
const target = (extra: Record<string, unknown> = {}) => ({ kind: 'aerospike' as const, ...extra });

export const AEROSPIKE_CATALOG: readonly ScenarioInput[] = [
  {
    name: 'aerospike-50-50',
    description: 'Aerospike GET/PUT 50/50, 4 processes, 1 KB string bin (the Node.js client benchmark)',
    target: target(),
    mix: { get: 0.5, put: 0.5 },
    ...BENCH,
  },
  {
    name: 'aerospike-client-upgrade',
    description: `aerospike-50-50 (GET/PUT 50/50, 4 processes, 1 KB string bin) on ${upgradeWords('aerospike')}`,
    target: target(),
    mix: { get: 0.5, put: 0.5 },
    ...BENCH,
  },
  {
    name: 'aerospike-read-heavy',
    description: 'Aerospike GET/PUT 95/5, 1 KB string bin',
    target: target(),
    mix: { get: 0.95, put: 0.05 },
    ...BENCH,
  },
  {
    name: 'aerospike-write-heavy',
    description: 'Aerospike GET/PUT 5/95, 1 KB string bin',
    target: target(),
    mix: { get: 0.05, put: 0.95 },
    ...BENCH,
  },
  {
    name: 'aerospike-payloads',
    description: 'Aerospike GET/PUT 50/50 with 3 B, 1 KB and 100 KB values (a sweep of the value size)',
    target: target(),
    mix: { get: 0.5, put: 0.5 },
    ...BENCH,
  },
  {
    name: 'aerospike-batch-read',
    description: 'Aerospike batch reads of 10 keys, after a prefill of the key range',
    target: target({ batchSize: 10, prefill: BENCH.keySpace }),
    mix: { 'batch-read': 1 },
    ...BENCH,
  },
  {
    name: 'aerospike-scan-noop',
    description: 'Scan a whole set of 1 KB records, records dropped (records/s and worker memory)',
    target: target({ prefill: STREAM_RECORDS, sink: 'noop' }),
    mix: { scan: 1 },
    ...STREAM,
  },
  {
    name: 'aerospike-scan-file',
    description: 'Scan a whole set, every record written to a file with back-pressure',
    target: target({ prefill: STREAM_RECORDS, sink: 'file' }),
    mix: { scan: 1 },
    ...STREAM,
  },
  {
    name: 'aerospike-query-noop',
    description: 'Secondary-index range query (bin n in 0..49 999), records dropped',
    target: target({ prefill: STREAM_RECORDS, sink: 'noop', queryFrom: 0, queryTo: STREAM_RECORDS / 2 - 1 }),
    mix: { query: 1 },
    ...STREAM,
  },
  {
    name: 'aerospike-query-file',
    description: 'Secondary-index range query, every record written to a file with back-pressure',
    target: target({ prefill: STREAM_RECORDS, sink: 'file', queryFrom: 0, queryTo: STREAM_RECORDS / 2 - 1 }),
    mix: { query: 1 },
    ...STREAM,
  },
];

/** Catalog entries that are sweeps by nature: run as `setting=v1,v2,...` unless the user gives a plan. */
export const CATALOG_SWEEPS: Readonly<Record<string, string>> = {
  'aerospike-payloads': 'valueSize=3,1024,102400',
  'aerospike-client-upgrade': upgradeSweep('aerospike'),
  ...HAZELCAST_SWEEPS,
};
