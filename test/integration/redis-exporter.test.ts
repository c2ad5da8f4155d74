import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeTotals } from '../../app/metrics/node-stats';
import { serverLatency } from '../../app/metrics/server-latency';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { startRedisExporter, type RedisExporter } from '../helpers/redis-exporter';
import { nodeOps, runScenario, waitGone } from '../helpers/run';

/** The node's counts must add up to the client's over a run within this. */
const SUM_TOLERANCE = 0.01;

/**
 * A Redis target read through a real redis_exporter (Debian's
 * prometheus-redis-exporter) instead of INFO, with the built-in `redis`
 * metrics map: what a user does where kvscope may not run INFO itself.
 */
describe('a redis target read through its Prometheus exporter', () => {
  let redis: RedisServer;
  let exporter: RedisExporter;
  beforeAll(async () => {
    redis = await startRedisServer();
    exporter = await startRedisExporter(redis.port);
  });
  afterAll(async () => {
    await exporter?.stop();
    await redis?.stop();
  });

  it('counts what the client did, with the server time per command, memory and RSS, named as the server', async () => {
    const { summary, samples, run } = await runScenario({
      target: { kind: 'redis', port: redis.port, metricsUrls: [exporter.url] },
      mix: { get: 0.5, set: 0.5 },
      workers: 2,
      inFlight: 8,
      keySpace: 5000,
      warmupSeconds: 1,
      durationSeconds: 4,
    });
    expect(summary.status).toBe('done');
    const client = samples.reduce((a, s) => a + s.totals.count + s.totals.errors + s.totals.timeouts, 0);
    const server = samples.reduce((a, s) => a + nodeOps(s), 0);
    expect(client).toBeGreaterThan(1000);
    expect(Math.abs(server / client - 1)).toBeLessThan(SUM_TOLERANCE);
    const measured = samples.filter((s) => s.phase === 'run');
    for (const s of measured) {
      expect(s.nodes.map((n) => n.id)).toEqual([`127.0.0.1:${redis.port}`]);
      const [n] = s.nodes;
      // Keys not yet set are misses: the exporter's keyspace misses are not-found, as INFO's are.
      expect(n.rates['read.notFound']).toBeGreaterThanOrEqual(0);
      expect(nodeTotals(n.rates).writes).toBeGreaterThan(0);
      expect(serverLatency(n.rates)?.mean).toBeGreaterThan(0);
      expect(n.memory).toBeGreaterThan(0);
      expect(n.rss).toBeGreaterThan(n.memory!);
    }
    expect(measured.some((s) => s.nodes[0].rates['read.notFound'] > 0)).toBe(true);
    expect(await waitGone([...run.workerPids, run.monitorPid!], 10_000)).toEqual([]);
  });

  it('refuses metrics endpoints on a local cluster, whose masters it reads itself', async () => {
    const { validateScenario } = await import('../../app/scenario/schema');
    const v = validateScenario({ target: { kind: 'redis', localCluster: 3, metricsUrls: [exporter.url] } });
    expect(v.ok ? [] : v.errors).toEqual([{ field: 'target.metricsUrls', reason: expect.stringMatching(/read directly/) as string }]);
  });
});
