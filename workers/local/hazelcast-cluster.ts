import { rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { Client } from 'hazelcast-client';
import { makeOwnedTempDir } from '../../app/host/temp-dirs';
import { javaPath } from '../../app/host/local-tools';
import { freePort } from './free-port';
import { hazelcastJar } from '../../app/host/hazelcast-jar';
import type { LocalCluster } from './redis-cluster';
import { SpawnedServer, waitUntil } from './spawned';

const HOST = '127.0.0.1';
/** JVM start and cluster join take about 5 s a member on 2 cores; a slow box gets room. */
const READY_TIMEOUT_MS = 90_000;
/** Heap per member: a benchmark's maps, not a production data set. */
const MEMBER_HEAP = '-Xmx512m';
const MEMBER_MAIN = 'com.hazelcast.core.server.HazelcastMemberStarter';

/** Text for an XML element: the cluster name comes from the scenario and must stay text, not markup. */
function xmlText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A member bound to 127.0.0.1 only, joining the others by TCP/IP (no multicast). */
export function memberConfig(clusterName: string, port: number, ports: number[]): string {
  const members = ports.map((p) => `<member>${HOST}:${p}</member>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<hazelcast xmlns="http://www.hazelcast.com/schema/config">
  <cluster-name>${xmlText(clusterName)}</cluster-name>
  <properties>
    <property name="hazelcast.socket.bind.any">false</property>
    <property name="hazelcast.phone.home.enabled">false</property>
  </properties>
  <network>
    <port auto-increment="false">${port}</port>
    <interfaces enabled="true"><interface>${HOST}</interface></interfaces>
    <join>
      <auto-detection enabled="false"/>
      <multicast enabled="false"/>
      <tcp-ip enabled="true"><member-list>${members}</member-list></tcp-ip>
    </join>
  </network>
</hazelcast>
`;
}

/** A Hazelcast cluster of `members` JVMs on 127.0.0.1, ready once a client sees every member. */
export async function startHazelcastCluster(members: number, clusterName: string, jar?: string): Promise<LocalCluster> {
  const java = javaPath();
  if (!java) throw new Error('a local Hazelcast cluster needs java (not found on PATH; set KVSCOPE_JAVA)');
  const jarPath = await hazelcastJar(jar);
  // One class path entry: a separator in the name would let java load classes from elsewhere too.
  if (jarPath.includes(delimiter) || jarPath.includes('*'))
    throw new Error(`the Hazelcast jar path ${jarPath} holds "${delimiter}" or "*"; java would read it as several class path entries`);
  const dir = makeOwnedTempDir('hazelcast');
  const ports: number[] = [];
  for (let i = 0; i < members; i++) ports.push(await freePort(HOST));
  const servers = ports.map((port) => {
    const config = join(dir, `member-${port}.xml`);
    writeFileSync(config, memberConfig(clusterName, port, ports));
    return new SpawnedServer(java, [MEMBER_HEAP, `-Dhazelcast.config=${config}`, '-cp', jarPath, MEMBER_MAIN], dir);
  });
  const stop = async (): Promise<void> => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  let client: Client | undefined;
  try {
    const failed = (): string | undefined => servers.map((s) => s.endedBecause && `${s.endedBecause}\n${s.output}`).find(Boolean);
    client = await Client.newHazelcastClient({
      clusterName,
      network: { clusterMembers: ports.map((p) => `${HOST}:${p}`) },
      connectionStrategy: { connectionRetry: { clusterConnectTimeoutMillis: READY_TIMEOUT_MS } },
      properties: { 'hazelcast.logging.level': 'OFF' },
    });
    const c = client;
    const why = await waitUntil(async () => c.getCluster().getMembers().length === members, READY_TIMEOUT_MS, failed, 250);
    if (why) throw new Error(`local Hazelcast cluster of ${members} members: ${why}`);
  } catch (err) {
    await client?.shutdown().catch(() => undefined);
    await stop();
    throw err;
  }
  await client.shutdown();
  return { seed: { host: HOST, port: ports[0] }, nodes: servers.map((s, i) => ({ port: ports[i], pid: s.pid })), stop };
}
