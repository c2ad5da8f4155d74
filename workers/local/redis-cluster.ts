import { rmSync } from 'node:fs';
import Redis from 'ioredis';
import { makeOwnedTempDir } from '../../app/host/temp-dirs';
import { freePort } from './free-port';
import { withFreshPorts } from './port-retry';
import { SpawnedServer } from './spawned';
import { waitUntil } from './wait-until';
import { redisServerPath } from '../../app/host/local-tools';

const LOCAL_HOST = '127.0.0.1';
const SLOTS = 16384;
/** Masters answering, meeting and agreeing on the slot map takes about a second; a slow box gets room. */
const READY_TIMEOUT_MS = 30_000;

/** A cluster-enabled master on 127.0.0.1 keeping nothing on disk but its cluster config, in `dir`. */
export function clusterNodeArgs(port: number, dir: string): string[] {
  return [
    ...['--port', String(port), '--bind', LOCAL_HOST, '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`],
    ...['--save', '', '--appendonly', 'no', '--protected-mode', 'no', '--daemonize', 'no', '--dir', dir],
  ];
}

export interface LocalCluster {
  /** The seed a client is given. */
  seed: { host: string; port: number };
  nodes: { port: number; pid: number | undefined }[];
  /** Each member's Prometheus endpoint, where the members have one. */
  metricsUrls?: string[];
  stop(): Promise<void>;
}

/**
 * A Redis Cluster of `masters` redis-servers on 127.0.0.1 (no replicas, no
 * persistence), in a fresh folder removed on stop. The slots are split
 * evenly; it is ready when every master reports cluster_state:ok.
 */
export function startRedisCluster(masters: number, warn: (message: string) => void = () => undefined): Promise<LocalCluster> {
  return withFreshPorts(`local Redis Cluster of ${masters} masters`, () => startOnce(masters), warn);
}

async function startOnce(masters: number): Promise<LocalCluster> {
  const bin = redisServerPath();
  if (!bin) throw new Error('a local Redis Cluster needs redis-server (not found on PATH; set KVSCOPE_REDIS_SERVER)');
  const dir = makeOwnedTempDir('redis-cluster');
  const servers: { port: number; server: SpawnedServer }[] = [];
  const clients: Redis[] = [];
  const stop = async (): Promise<void> => {
    clients.forEach((c) => c.disconnect());
    await Promise.all(servers.map((s) => s.server.stop()));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < masters; i++) {
      const port = await freePort(LOCAL_HOST);
      servers.push({ port, server: new SpawnedServer(bin, clusterNodeArgs(port, dir), dir) });
    }
    for (const s of servers) {
      const c = new Redis({ host: LOCAL_HOST, port: s.port, lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: 0 });
      c.on('error', () => undefined);
      clients.push(c);
    }
    const failed = (): string | undefined =>
      servers.map((s) => s.server.endedBecause && `${s.server.endedBecause}\n${s.server.output}`).find(Boolean);
    const up = await waitUntil(
      async () => (await Promise.all(clients.map((c) => c.ping()))).every((p) => p === 'PONG'),
      READY_TIMEOUT_MS,
      failed,
    );
    if (up) throw new Error(`local Redis Cluster: a master did not start: ${up}`);
    const per = Math.floor(SLOTS / masters);
    await Promise.all(
      clients.map((c, i) => c.call('CLUSTER', 'ADDSLOTSRANGE', String(i * per), String(i === masters - 1 ? SLOTS - 1 : (i + 1) * per - 1))),
    );
    for (const s of servers.slice(1)) await clients[0].call('CLUSTER', 'MEET', LOCAL_HOST, String(s.port));
    const ok = async (): Promise<boolean> => {
      const infos = (await Promise.all(clients.map((c) => c.call('CLUSTER', 'INFO')))) as string[];
      return infos.every(
        (i) => i.includes('cluster_state:ok') && i.includes(`cluster_known_nodes:${masters}`) && i.includes(`cluster_slots_ok:${SLOTS}`),
      );
    };
    const ready = await waitUntil(ok, READY_TIMEOUT_MS, failed);
    if (ready) throw new Error(`local Redis Cluster of ${masters} masters: ${ready}`);
  } catch (err) {
    await stop();
    throw err;
  }
  clients.forEach((c) => c.disconnect());
  clients.length = 0;
  return { seed: { host: LOCAL_HOST, port: servers[0].port }, nodes: servers.map((s) => ({ port: s.port, pid: s.server.pid })), stop };
}
