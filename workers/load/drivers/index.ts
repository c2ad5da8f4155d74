import type { TargetKind } from '../../../app/scenario/targets';
import type { DriverFactory } from '../driver';

/** Loaded lazily so a worker only requires the client library its target needs. */
const LOADERS: Record<TargetKind, () => DriverFactory> = {
  'builtin-kv': () => require('./builtin-kv').createDriver,
  'builtin-file': () => require('./builtin-file').createDriver,
  redis: () => require('./redis').createDriver,
  aerospike: () => require('./aerospike/driver').createAerospikeDriver,
  hazelcast: () => require('./hazelcast/driver').createHazelcastDriver,
};

export function driverFor(kind: TargetKind): DriverFactory {
  return LOADERS[kind]();
}
