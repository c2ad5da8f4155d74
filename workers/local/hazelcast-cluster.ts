import { rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { makeOwnedTempDir } from '../../app/host/temp-dirs';
import { javaPath } from '../../app/host/local-tools';
import { freePort } from './free-port';
import { hazelcastJar } from '../../app/host/hazelcast-jar';
import type { LocalCluster } from './redis-cluster';
import { SpawnedServer } from './spawned';
import { membersReady } from './member-ready';
import { jmxExporterJar } from '../../app/host/jmx-exporter-jar';
import { withFreshPorts } from './port-retry';
import { warmExporters } from './exporter-warmup';
import { DEFAULT_MEMBER_HEAP_MB } from '../../app/scenario/hazelcast-target';
import { HOST, memberArgs, memberConfig } from './hazelcast-member';
import { memberMismatch, memberVersionFor } from '../../app/scenario/hazelcast-generation';
import { hazelcastJarVersion } from '../../app/host/jar-version';

/** The hazelcast-client version kvscope bundles: the workers' client when a target names none. */
export const BUNDLED_CLIENT_VERSION = (require('hazelcast-client/package.json') as { version: string }).version;

/**
 * What the JMX exporter serves: each IMap's live statistics bean (read on
 * every scrape; Hazelcast's own metrics beans are refreshed only every few
 * seconds) as `hazelcast_imap_<attribute>{map="NAME"}`, the names
 * app/metrics/prom-maps.ts reads.
 */
export const EXPORTER_CONFIG = `lowercaseOutputName: true
includeObjectNames: ["com.hazelcast:type=IMap,*"]
rules:
  - pattern: 'com.hazelcast<name=([^,>]+)(, [^>]*)?><>(local\\w+): (.*)'
    name: hazelcast_imap_$3
    value: $4
    labels:
      map: "$1"
`;

/**
 * A Hazelcast cluster of `members` JVMs on 127.0.0.1, ready once a client
 * sees every member and each member's exporter has answered a few scrapes.
 * The members are of the generation of the workers' client, `clientVersion`
 * (hazelcast-generation.ts), unless `jar` names one; a jar whose members the
 * client cannot talk to is refused before any starts, naming both versions.
 * Each member carries the Prometheus JMX exporter on a port of its own
 * (127.0.0.1), for its own statistics; without the exporter's jar the
 * cluster starts anyway and `warn` says why it has none.
 */
export function startHazelcastCluster(
  members: number,
  clusterName: string,
  jar?: string,
  warn: (message: string) => void = () => undefined,
  heapMb = DEFAULT_MEMBER_HEAP_MB,
  clientVersion = BUNDLED_CLIENT_VERSION,
): Promise<HazelcastCluster> {
  const start = () => startOnce(members, clusterName, jar, warn, heapMb, clientVersion);
  return withFreshPorts(`local Hazelcast cluster of ${members} members`, start, warn);
}

/** A local cluster, and which members it runs for which client, for the run log. */
export type HazelcastCluster = LocalCluster & { about: string };

/** The member jar for this client and its Hazelcast version, or why the client cannot use it. */
async function memberJar(jar: string | undefined, clientVersion: string): Promise<{ path: string; version: string }> {
  const wanted = memberVersionFor(clientVersion);
  const path = await hazelcastJar(jar, wanted);
  const version = hazelcastJarVersion(path);
  if (!version)
    throw new Error(`cannot tell which Hazelcast version ${path} is (it has no Maven name or pom.properties of com.hazelcast:hazelcast)`);
  const mismatch = memberMismatch(clientVersion, version, path);
  if (mismatch) throw new Error(mismatch);
  return { path, version };
}

async function startOnce(
  members: number,
  clusterName: string,
  jar: string | undefined,
  warn: (message: string) => void,
  heapMb: number,
  clientVersion: string,
): Promise<HazelcastCluster> {
  const java = javaPath();
  if (!java) throw new Error('a local Hazelcast cluster needs java (not found on PATH; set KVSCOPE_JAVA)');
  const { path: jarPath, version } = await memberJar(jar, clientVersion);
  // One class path entry: a separator in the name would let java load classes from elsewhere too.
  if (jarPath.includes(delimiter) || jarPath.includes('*'))
    throw new Error(`the Hazelcast jar path ${jarPath} holds "${delimiter}" or "*"; java would read it as several class path entries`);
  const dir = makeOwnedTempDir('hazelcast');
  const ports: number[] = [];
  for (let i = 0; i < members; i++) ports.push(await freePort(HOST));
  const exporter = await jmxExporterJar();
  if ('missing' in exporter) warn(`the members have no metrics endpoint (no per-member statistics): ${exporter.missing}`);
  const metricsPorts: number[] = [];
  if ('jar' in exporter) {
    writeFileSync(join(dir, 'jmx-exporter.yaml'), EXPORTER_CONFIG);
    for (let i = 0; i < members; i++) metricsPorts.push(await freePort(HOST));
  }
  const servers = ports.map((port, i) => {
    const config = join(dir, `member-${port}.xml`);
    writeFileSync(config, memberConfig(clusterName, port, ports, version));
    const agent = 'jar' in exporter ? `-javaagent:${exporter.jar}=${HOST}:${metricsPorts[i]}:${join(dir, 'jmx-exporter.yaml')}` : undefined;
    return new SpawnedServer(java, memberArgs({ heapMb, config, jar: jarPath, version, agent }), dir);
  });
  // Named by the member's own address (the fragment is not sent): the same id as the client's per-member counts.
  const metricsUrls = metricsPorts.map((p, i) => `http://${HOST}:${p}/metrics#${HOST}:${ports[i]}`);
  const stop = async (): Promise<void> => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const failed = (): string | undefined => servers.map((s) => s.endedBecause && `${s.endedBecause}\n${s.output}`).find(Boolean);
    const why = await membersReady({ servers, ports, clusterName, version, failed });
    if (why) throw new Error(`local Hazelcast cluster of ${members} members: ${why}`);
    await warmExporters(metricsUrls, warn, failed);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    seed: { host: HOST, port: ports[0] },
    nodes: servers.map((s, i) => ({ port: ports[i], pid: s.pid })),
    ...(metricsUrls.length ? { metricsUrls } : {}),
    stop,
    about: `${members} Hazelcast ${version} member(s) from ${jarPath}, for hazelcast-client@${clientVersion}`,
  };
}
