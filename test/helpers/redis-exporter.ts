import { spawnSync } from 'node:child_process';
import { freePort } from '../../workers/local/free-port';
import { SpawnedServer } from '../../workers/local/spawned';
import { waitUntil } from '../../workers/local/wait-until';

/** Debian's redis_exporter (`apt-get install prometheus-redis-exporter`); CI installs it. */
const EXPORTER = 'prometheus-redis-exporter';
const HOST = '127.0.0.1';
const READY_TIMEOUT_MS = 15_000;

export interface RedisExporter {
  /** Its metrics endpoint, the Redis server it reads named after the #. */
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** A redis_exporter for the server at `redisPort`, on a free loopback port; a missing binary is an error, never a skip. */
export async function startRedisExporter(redisPort: number): Promise<RedisExporter> {
  if (spawnSync(EXPORTER, ['-version']).error)
    throw new Error(`${EXPORTER} was not found on PATH (apt-get install prometheus-redis-exporter)`);
  const port = await freePort(HOST);
  const server = new SpawnedServer(EXPORTER, [
    '-redis.addr',
    `redis://${HOST}:${redisPort}`,
    '-web.listen-address',
    `${HOST}:${port}`,
    // Redis's figures only, not the exporter's own Go runtime.
    '-redis-only-metrics',
  ]);
  const url = `http://${HOST}:${port}/metrics`;
  const failed = await waitUntil(
    async () => (await fetch(url)).ok,
    READY_TIMEOUT_MS,
    () => server.endedBecause,
  );
  if (failed) {
    await server.stop();
    throw new Error(`${EXPORTER} did not serve ${url}: ${failed}`);
  }
  return { url: `${url}#${HOST}:${redisPort}`, pid: server.pid, stop: () => server.stop() };
}
