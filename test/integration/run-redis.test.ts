import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario } from '../../app/scenario/schema';
import { Run } from '../../main/engine/orchestrator';
import { recordRun } from '../../main/engine/run-recorder';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { runScenario, waitGone } from '../helpers/run';
import { nodeTotals } from '../../app/metrics/node-stats';
import { serverLatency } from '../../app/metrics/server-latency';

/** A second's server-side count may differ from the client's by the operations in flight at its edges. */
const ALIGNED_WITHIN = 0.15;

describe('a run against a real redis-server', () => {
  let redis: RedisServer;
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-runs-'));
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  /** GET/SET 50/50 over 1,000 keys, 8 in flight per worker, 1 s of warm-up. */
  const mixed = (workers: number, durationSeconds: number) =>
    runScenario({
      target: { kind: 'redis', port: redis.port },
      mix: { get: 0.5, set: 0.5 },
      workers,
      inFlight: 8,
      warmupSeconds: 1,
      durationSeconds,
      keySpace: 1000,
    });
  afterAll(async () => {
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("runs YCSB's D and F from the catalog: loaded first, every read found, rmw a read and a write on the server", async () => {
    const small = { keySpace: 2000, workers: 1, inFlight: 8, warmupSeconds: 0, durationSeconds: 2 };
    const stats = async (): Promise<Record<string, number>> => {
      const c = new (await import('ioredis')).default({ port: redis.port, lazyConnect: true });
      await c.connect();
      const info = await c.info('commandstats');
      c.disconnect();
      return Object.fromEntries([...info.matchAll(/cmdstat_(get|set):calls=(\d+)/g)].map((m) => [m[1], Number(m[2])]));
    };
    for (const letter of ['d', 'f']) {
      const base = findScenario(`ycsb-${letter}-redis`)!;
      const before = await stats();
      const { summary } = await runScenario({ ...base, ...small, target: { kind: 'redis', port: redis.port, prefill: small.keySpace } });
      const after = await stats();
      expect(summary.status).toBe('done');
      // Every read finds a record: the load phase wrote the whole key space, and D's reads favour keys it or the run wrote.
      expect(summary.ops.get.ops).toBeGreaterThan(100);
      expect(summary.ops.get.notFound).toBe(0);
      const gets = (after.get ?? 0) - (before.get ?? 0);
      const sets = (after.set ?? 0) - (before.set ?? 0);
      if (letter === 'd') {
        expect(summary.ops.set.ops / (summary.ops.get.ops + summary.ops.set.ops)).toBeCloseTo(0.05, 1);
      } else {
        const rmw = summary.ops.rmw;
        expect(rmw.ops).toBeGreaterThan(100);
        // Warm-up is 0, so the server saw the measured operations and those in flight at the end; each rmw is a GET and a SET.
        expect(gets - (summary.ops.get.ops + rmw.ops)).toBeGreaterThanOrEqual(0);
        expect(gets - (summary.ops.get.ops + rmw.ops)).toBeLessThanOrEqual(2 * small.inFlight);
        expect(sets - small.keySpace - rmw.ops).toBeGreaterThanOrEqual(0);
        expect(sets - small.keySpace - rmw.ops).toBeLessThanOrEqual(small.inFlight);
      }
    }
  });

  it('produces one sample per second, keeps warm-up apart, and writes a readable run file', async () => {
    const run = new Run(
      parseScenario({
        name: 'redis-test',
        target: { kind: 'redis', port: redis.port, password: undefined },
        mix: { get: 0.5, set: 0.5 },
        workers: 2,
        inFlight: 8,
        warmupSeconds: 1,
        durationSeconds: 3,
        keySpace: 1000,
      }),
    );
    const file = recordRun(run, { dir });
    const summary = await run.execute();
    expect(summary.status).toBe('done');
    expect(summary.seconds).toBe(3);
    expect(summary.warmup.seconds).toBe(1);
    expect(summary.total.ops).toBeGreaterThan(100);
    expect(summary.ops.get.ops + summary.ops.set.ops).toBe(summary.total.ops);
    expect(Object.keys(summary.peakRss).sort()).toEqual(['0', '1']);

    const saved = readRunFile(file.path()!);
    expect(saved.interrupted).toBe(false);
    expect(saved.samples.map((s) => s.second)).toEqual([0, 1, 2, 3]);
    expect(saved.samples.map((s) => s.phase)).toEqual(['warmup', 'run', 'run', 'run']);
    const runOps = saved.samples.filter((s) => s.phase === 'run').reduce((a, s) => a + s.totals.count, 0);
    expect(runOps).toBe(summary.total.ops);
    expect(saved.summary.total.ops).toBe(summary.total.ops);
    expect(saved.header.env.clients.ioredis).toMatch(/^\d+\.\d+/);
    expect(saved.header.env.workerNode).toBe(process.version);
    expect(saved.phases.map((p) => p.phase)).toEqual(['starting', 'warmup', 'running', 'stopping', 'done']);
    expect(await waitGone(run.workerPids, 5000)).toEqual([]);
  });

  it('stops after exactly totalOps measured operations', async () => {
    const { summary } = await runScenario({
      target: { kind: 'redis', port: redis.port },
      mix: { get: 1 },
      workers: 2,
      inFlight: 4,
      warmupSeconds: 0,
      totalOps: 5001,
      keySpace: 100,
    });
    expect(summary.status).toBe('done');
    expect(summary.total.ops + summary.total.errors + summary.total.timeouts).toBe(5001);
  });

  it('holds a fixed rate', async () => {
    const { summary, samples } = await runScenario({
      target: { kind: 'redis', port: redis.port },
      mix: { set: 1 },
      workers: 2,
      inFlight: 64,
      rate: 400,
      warmupSeconds: 1,
      durationSeconds: 3,
    });
    expect(summary.status).toBe('done');
    // 400 ops/s split across two workers, measured over the three run seconds.
    expect(summary.total.ops).toBeGreaterThanOrEqual(1140);
    expect(summary.total.ops).toBeLessThanOrEqual(1260);
    for (const s of samples) expect(s.workers.every((w) => w.backlog === 0)).toBe(true);
  });

  it('stops on request, ending as stopped with what was measured so far; the cut-short last second is no rate', async () => {
    const { summary, run, samples } = await runScenario(
      { target: { kind: 'redis', port: redis.port }, workers: 1, warmupSeconds: 0, durationSeconds: 60 },
      (r, s) => s.second === 1 && r.stop(),
    );
    expect(summary.status).toBe('stopped');
    expect(summary.seconds).toBeGreaterThanOrEqual(2);
    expect(summary.seconds).toBeLessThan(10);
    // Stopped just after second 1 ended: the last second ran a sliver of its length.
    const last = samples.at(-1)!;
    expect(last.covered).toBeGreaterThan(0);
    expect(last.covered).toBeLessThan(1);
    expect(samples.slice(0, -1).every((s) => s.covered === undefined)).toBe(true);
    expect(summary.cutShortSeconds).toBe(1);
    const full = samples.slice(0, -1).map((s) => s.totals.count);
    expect(summary.total.opsPerSec.min).toBe(Math.min(...full));
    expect(summary.total.ops).toBe(samples.reduce((a, s) => a + s.totals.count, 0));
    expect(await waitGone(run.workerPids, 5000)).toEqual([]);
  });
  it("puts the server's per-node counts on the client's seconds: each full second agrees, the run's total exactly", async () => {
    const { summary, samples } = await mixed(2, 5);
    expect(summary.status).toBe('done');
    const server = samples.map((s) => s.nodes.reduce((a, n) => a + nodeTotals(n.rates).reads + nodeTotals(n.rates).writes, 0));
    const client = samples.map((s) => s.totals.count + s.totals.errors + s.totals.timeouts);
    // Every measured second but the last (which also takes what the nodes counted after the load ended).
    const full = samples.flatMap((s, i) => (s.phase === 'run' && i < samples.length - 1 ? [i] : []));
    expect(full).toHaveLength(4);
    for (const i of full) {
      expect(client[i]).toBeGreaterThan(100);
      const ratio = server[i] / client[i];
      expect({ second: i, ratio, within: Math.abs(ratio - 1) <= ALIGNED_WITHIN }).toMatchObject({ second: i, within: true });
    }
    expect(server.reduce((a, n) => a + n, 0)).toBe(client.reduce((a, n) => a + n, 0));
  });

  it("has the server's own latency and memory per master every second (LATENCY HISTOGRAM, INFO memory), its p99 below the client's", async () => {
    const { summary, samples } = await mixed(1, 4);
    expect(summary.status).toBe('done');
    const measured = samples.filter((s) => s.phase === 'run');
    expect(measured.length).toBeGreaterThanOrEqual(4);
    for (const s of measured) {
      expect(s.nodes).toHaveLength(1);
      const server = serverLatency(s.nodes[0].rates);
      expect(server, `second ${s.second}`).toBeDefined();
      // The server timed each command it ran: as many as it counted reads and writes.
      const t = nodeTotals(s.nodes[0].rates);
      expect(server!.count).toBe(t.reads + t.writes);
      expect(server!.p99, `second ${s.second}`).toBeGreaterThan(0);
      expect(server!.mean).toBeGreaterThan(0);
      expect(server!.p99!).toBeLessThan(s.latency.p99);
      expect(s.nodes[0].memory).toBeGreaterThan(0);
      // The process holds at least the data it reports.
      expect(s.nodes[0].rss).toBeGreaterThan(0);
    }
  });
});
