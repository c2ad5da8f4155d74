import { Client } from 'hazelcast-client';
import { hazelcastProtocol } from '../../app/scenario/hazelcast-generation';
import { HOST } from './hazelcast-member';
import { MemberLog } from './member-log';
import type { SpawnedServer } from './spawned';
import { waitUntil } from './wait-until';

/** JVM start and cluster join take about 5 s a member on 2 cores; a slow box gets room. */
export const READY_TIMEOUT_MS = 90_000;
const POLL_MS = 250;

export interface Members {
  servers: readonly SpawnedServer[];
  ports: readonly number[];
  clusterName: string;
  /** The members' Hazelcast version: who can tell they are ready depends on it. */
  version: string;
  /** Why a member ended, if one has: the wait gives up at once with it. */
  failed: () => string | undefined;
}

/**
 * Waits until every member is in the cluster, or says why not. Members of
 * the 4.x/5.x client protocol are asked by the bundled client, which sees the
 * cluster as the workers will; the bundled client cannot talk to 3.x
 * members, so their own logs say it (started, with a list of every member).
 */
export function membersReady(m: Members): Promise<string | undefined> {
  return hazelcastProtocol(m.version) === '3.x' ? readyByLog(m) : readyByClient(m);
}

/** Called as soon as the members are spawned: their output is read from its first line. */
async function readyByLog(m: Members): Promise<string | undefined> {
  const logs = m.servers.map((s) => new MemberLog([s.proc.stdout, s.proc.stderr]));
  const n = m.servers.length;
  try {
    return await waitUntil(() => Promise.resolve(logs.every((l) => l.started && l.members === n)), READY_TIMEOUT_MS, m.failed, POLL_MS);
  } finally {
    for (const l of logs) l.detach();
  }
}

async function readyByClient(m: Members): Promise<string | undefined> {
  const connecting = Client.newHazelcastClient({
    clusterName: m.clusterName,
    network: { clusterMembers: m.ports.map((p) => `${HOST}:${p}`) },
    connectionStrategy: { connectionRetry: { clusterConnectTimeoutMillis: READY_TIMEOUT_MS } },
    properties: { 'hazelcast.logging.level': 'OFF' },
  });
  // A member that exits (its port taken, say) ends the wait at once, with its reason, instead of the client's
  // "Unable to connect to any cluster" when READY_TIMEOUT_MS is up; the client, if it connects after all, is shut down.
  const memberGone = Promise.race(m.servers.map((s) => s.gone)).then(() => m.failed() ?? 'a member exited');
  const first = await Promise.race([connecting, memberGone]).catch((err: unknown) => {
    void connecting.then((late) => late.shutdown()).catch(() => undefined);
    throw err;
  });
  if (typeof first === 'string') {
    void connecting.then((late) => late.shutdown()).catch(() => undefined);
    return first;
  }
  const client = first;
  try {
    return await waitUntil(async () => client.getCluster().getMembers().length === m.servers.length, READY_TIMEOUT_MS, m.failed, POLL_MS);
  } finally {
    await client.shutdown().catch(() => undefined);
  }
}
