import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'hazelcast-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedisCluster } from '../../workers/local/redis-cluster';
import { startHazelcastCluster } from '../../workers/local/hazelcast-cluster';
import { START_ATTEMPTS, withFreshPorts } from '../../workers/local/port-retry';
import { findOnPath } from '../../app/host/which';

/** The port the next freePort() hands out, taken already (another process's race, made certain). */
const taken = vi.hoisted(() => ({ port: 0 }));
vi.mock('../../workers/local/free-port', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../workers/local/free-port')>();
  return {
    freePort: async (host?: string): Promise<number> => {
      const port = taken.port;
      taken.port = 0;
      return port || real.freePort(host);
    },
  };
});

/** Longer than a start's two 30 s waits, so a slow start fails with its own reason, not a timeout. */
const START_TEST_TIMEOUT_MS = 120_000;

describe('a local cluster whose port another process took before the server bound it', () => {
  let holder: Server;
  let port = 0;
  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', () => r()));
    port = (holder.address() as { port: number }).port;
  });
  afterAll(() => holder.close());

  /** A Redis Cluster started while `port` is taken: on other ports, with one warning that says so, and serving. */
  async function startsAgainAndServes(): Promise<void> {
    const warnings: string[] = [];
    taken.port = port;
    const cluster = await startRedisCluster(3, (m) => warnings.push(m));
    try {
      expect(cluster.nodes.map((n) => n.port)).not.toContain(port);
      expect(warnings).toEqual([expect.stringMatching(/^local Redis Cluster of 3 masters: another process took a port/)]);
      const r = new Redis({ host: cluster.seed.host, port: cluster.seed.port, lazyConnect: true });
      await r.connect();
      expect(await r.call('CLUSTER', 'INFO')).toMatch(/cluster_state:ok/);
      r.disconnect();
    } finally {
      await cluster.stop();
    }
  }

  it('Redis: starts again on fresh ports, says so, and serves', { timeout: START_TEST_TIMEOUT_MS }, startsAgainAndServes);

  it(
    'Redis: a port held by a process that accepts and never answers, the other masters up before its server fails: starts again on fresh ports',
    { timeout: START_TEST_TIMEOUT_MS },
    async () => {
      // The readiness ping to the holder (this process's silent listener) never settles while the other masters answer
      // theirs: the wait must still hear the first server's exit.
      const dir = mkdtempSync(join(tmpdir(), 'kvscope-silent-port-'));
      vi.stubEnv('KVSCOPE_REDIS_SERVER', join(__dirname, '..', 'fixtures', 'silent-port', 'redis-server.sh'));
      vi.stubEnv('KVSCOPE_TEST_FIRST', join(dir, 'first'));
      vi.stubEnv('KVSCOPE_TEST_NODE', process.execPath);
      vi.stubEnv('KVSCOPE_TEST_REDIS', findOnPath('redis-server') ?? 'redis-server');
      try {
        await startsAgainAndServes();
      } finally {
        vi.unstubAllEnvs();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'Hazelcast: a member that could not bind ends the wait at once; the cluster starts again on fresh ports',
    { timeout: START_TEST_TIMEOUT_MS },
    async () => {
      const warnings: string[] = [];
      taken.port = port;
      const cluster = await startHazelcastCluster(2, 'kvscope-ports', undefined, (m) => warnings.push(m));
      try {
        expect(cluster.nodes.map((n) => n.port)).not.toContain(port);
        expect(warnings).toEqual([expect.stringMatching(/^local Hazelcast cluster of 2 members: another process took a port/)]);
        const c = await Client.newHazelcastClient({
          clusterName: 'kvscope-ports',
          network: { clusterMembers: [`${cluster.seed.host}:${cluster.seed.port}`] },
          properties: { 'hazelcast.logging.level': 'OFF' },
        });
        expect(c.getCluster().getMembers()).toHaveLength(2);
        await c.shutdown();
      } finally {
        await cluster.stop();
      }
    },
  );
});

describe('withFreshPorts', () => {
  it(`gives up after ${START_ATTEMPTS} attempts, and retries nothing but a port taken`, async () => {
    const warn = vi.fn();
    let calls = 0;
    await expect(withFreshPorts('x', () => Promise.reject(new Error(`bind ${++calls}: Address already in use`)), warn)).rejects.toThrow(
      `bind ${START_ATTEMPTS}: Address already in use`,
    );
    expect(warn).toHaveBeenCalledTimes(START_ATTEMPTS - 1);
    calls = 0;
    await expect(withFreshPorts('x', () => Promise.reject(new Error(`no java ${++calls}`)), warn)).rejects.toThrow('no java 1');
  });
});
