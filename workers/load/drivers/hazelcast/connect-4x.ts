import type { Client, IMap } from 'hazelcast-client';
import { clientProperties, type ConnectSettings, type HazelcastSession, type PartitionTable } from './session';

type Hazelcast = typeof import('hazelcast-client');

/** The 4.x/5.x clients' errors that mean no connection to the cluster (offline, shut down, member gone). */
export function unavailableErrors4x(hz: Hazelcast): HazelcastSession['unavailableErrors'] {
  return [hz.ClientOfflineError, hz.ClientNotActiveError, hz.HazelcastInstanceNotActiveError, hz.TargetDisconnectedError, hz.IOError];
}

/** A client of the 4.x/5.x API (hazelcast-client 4.0 on), whose types are the bundled version's. */
export async function connect4x(hz: Hazelcast, s: ConnectSettings): Promise<HazelcastSession> {
  const t = s.target;
  const client = await hz.Client.newHazelcastClient({
    clusterName: t.clusterName,
    network: { clusterMembers: s.members, smartRouting: t.smartRouting, connectionTimeout: t.connectTimeoutMs },
    connectionStrategy: { connectionRetry: { clusterConnectTimeoutMillis: t.connectTimeoutMs } },
    properties: clientProperties(s, 'OFF'),
  });
  const map: IMap<string, string> = await client.getMap<string, string>(t.map);
  const cluster = client.getCluster();
  return {
    map,
    partitions: partitionTable4x(client),
    memberCount: () => cluster.getMembers().length,
    timeoutError: hz.OperationTimeoutError,
    unavailableErrors: unavailableErrors4x(hz),
    pipelining: true,
    shutdown: () => client.shutdown(),
  };
}

/** The partition table of a 4.x/5.x client: a partition's owner is a member's UUID there, the per-member counts are by address. */
export function partitionTable4x(client: Client): PartitionTable {
  const partitions = client.getPartitionService();
  return {
    service: partitions,
    owners: () => {
      const addresses = new Map(
        client
          .getCluster()
          .getMembers()
          .map((m) => [m.uuid.toString(), m.address.toString()]),
      );
      return (pid) => {
        const uuid = partitions.getPartitionOwner(pid)?.toString();
        return uuid === undefined ? undefined : (addresses.get(uuid) ?? uuid);
      };
    },
  };
}
