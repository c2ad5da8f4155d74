import { clientProperties, type ConnectSettings, type HazelcastMap, type HazelcastSession, type PartitionLookup } from './session';

/** Attempts to reach the members: one, bounded by target.connectTimeoutMs (a local cluster is up before the workers start). */
const CONNECT_ATTEMPTS = 1;

type ErrorClass = abstract new (...args: never[]) => Error;

/** The part of a 0.10 or 3.x hazelcast-client the driver uses (the bundled types describe 5.x only). */
export interface Hazelcast3 {
  Config: { ClientConfig: new () => ClientConfig3 };
  Client: { newHazelcastClient(config: ClientConfig3): PromiseLike<Client3> };
  HazelcastErrors: Record<
    'InvocationTimeoutError' | 'ClientNotActiveError' | 'HazelcastInstanceNotActiveError' | 'TargetDisconnectedError' | 'IOError',
    ErrorClass
  >;
  LogLevel: { OFF: number };
}

interface ClientConfig3 {
  groupConfig: { name: string };
  networkConfig: { addresses: string[]; smartRouting: boolean; connectionTimeout: number; connectionAttemptLimit: number };
  properties: Record<string, unknown>;
}

interface Client3 {
  getMap(name: string): HazelcastMap | PromiseLike<HazelcastMap>;
  getPartitionService(): PartitionLookup & { getAddressForPartition(pid: number): { toString(): string } | undefined };
  getClusterService(): { getMembers(): unknown[] };
  shutdown(): void;
}

/**
 * A client of the 3.x API (hazelcast-client 0.10 and 3.x): a ClientConfig
 * object, the cluster named by its group, promises of bluebird, a
 * partition's owner known by its address, and a synchronous shutdown.
 */
export async function connect3x(hz: Hazelcast3, s: ConnectSettings): Promise<HazelcastSession> {
  const t = s.target;
  const config = new hz.Config.ClientConfig();
  config.groupConfig.name = t.clusterName;
  config.networkConfig.addresses = s.members;
  config.networkConfig.smartRouting = t.smartRouting;
  config.networkConfig.connectionTimeout = t.connectTimeoutMs;
  config.networkConfig.connectionAttemptLimit = CONNECT_ATTEMPTS;
  const pipelining = 'hazelcast.client.autopipelining.enabled' in config.properties;
  Object.assign(config.properties, clientProperties(s, hz.LogLevel.OFF));
  const client = await hz.Client.newHazelcastClient(config);
  const map = await client.getMap(t.map);
  const partitions = client.getPartitionService();
  const errors = hz.HazelcastErrors;
  return {
    map,
    partitions: { service: partitions, owners: () => (pid) => partitions.getAddressForPartition(pid)?.toString() },
    memberCount: () => client.getClusterService().getMembers().length,
    timeoutError: errors.InvocationTimeoutError,
    unavailableErrors: [
      errors.ClientNotActiveError,
      errors.HazelcastInstanceNotActiveError,
      errors.TargetDisconnectedError,
      errors.IOError,
    ],
    pipelining,
    shutdown: () => Promise.resolve(client.shutdown()),
  };
}
