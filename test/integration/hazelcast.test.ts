import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import type { LogEntry } from '../../app/run/format';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario } from '../../app/scenario/schema';
import { Run } from '../../main/engine/orchestrator';
import { recordRun } from '../../main/engine/run-recorder';
import { expectKilledNodeLost, runKillingServer } from '../helpers/kill-server';
import { runScenario, nodeOps, waitGone } from '../helpers/run';
import { freePort } from '../../workers/local/free-port';
import { serverLatency } from '../../app/metrics/server-latency';
import { createHazelcastDriver } from '../../workers/load/drivers/hazelcast/driver';
import { startHazelcastCluster } from '../../workers/local/hazelcast-cluster';
import { waitUntil } from '../../workers/local/wait-until';
import { keyFor } from '../../workers/load/keys';
import { Client } from 'hazelcast-client';

/** Per-member series must add up to the client's totals over a run within this. */
const SUM_TOLERANCE = 0.01;
const MEMBERS = 2;
/** Two JVMs start and join in about 10 s on 2 cores; the run and its stop come on top. */
const TEST_TIMEOUT_MS = 180_000;
/** The 1 s connect timeout plus the client's start and shutdown. */
const CONNECT_LIMIT_MS = 10_000;
/** Keys of the per-member count test, and the operations it checks one by one. */
const KEY_LENGTH = 8;
const COUNTED_OPS = 600;
/** Both clients are handed the partition table within a second or so of connecting. */
const TABLE_WAIT_MS = 10_000;

function memberRun(durationSeconds: number, opTimeoutMs = 5000): Run {
  const base = findScenario('hazelcast-read-heavy')!;
  const mix = { get: 1, set: 1, remove: 1 };
  return new Run(parseScenario({ ...base, mix, inFlight: 16, keySpace: 2000, warmupSeconds: 1, durationSeconds, opTimeoutMs }));
}

describe('hazelcast on a local cluster of 2 members (from the Hazelcast jar)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-hz-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    "runs get/set/remove with each member's own IMap counts (its JMX exporter) adding up to the client totals, its latency every second, and stops every member",
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const run = memberRun(4);
      const file = recordRun(run, { dir });
      let pids: number[] = [];
      run.once('sample', () => (pids = run.localClusterPids));
      // What the monitor said (a slow or failed scrape above all): the first thing to read if the sums disagree.
      const warnings: string[] = [];
      run.on('log', (l: LogEntry) => void (l.level !== 'info' && warnings.push(`${l.source}: ${l.message}`)));
      const summary = await run.execute();
      expect(summary.status).toBe('done');
      expect(Object.keys(summary.ops).sort()).toEqual(['get', 'remove', 'set']);
      const saved = readRunFile(file.path()!);
      expect(saved.header.env.clients['hazelcast-client']).toBe('5.6.0');
      const client = saved.samples.reduce((a, s) => a + s.totals.count + s.totals.errors + s.totals.timeouts, 0);
      const members = saved.samples.reduce((a, s) => a + nodeOps(s), 0);
      expect(client).toBeGreaterThan(1000);
      const perSecond = saved.samples.map((s) => `${s.second}: client ${s.totals.count}, members ${nodeOps(s)}`).join('; ');
      expect(Math.abs(members / client - 1), `${perSecond}\n${warnings.join('\n')}`).toBeLessThan(SUM_TOLERANCE);
      const ids = new Set(saved.samples.slice(1).flatMap((s) => s.nodes.map((n) => n.id)));
      expect(ids.size).toBe(MEMBERS);
      // The members' own view (named by their addresses), not the client's attribution: it carries their latency and memory.
      for (const s of saved.samples.filter((x) => x.phase === 'run')) {
        for (const n of s.nodes) {
          expect(n.id).toMatch(/^127\.0\.0\.1:\d+$/);
          const own = serverLatency(n.rates);
          expect(own, `${n.id} in second ${s.second}`).toBeDefined();
          expect(own!.mean).toBeGreaterThan(0);
        }
      }
      // The entries' memory cost, as the member reports it (it trails the load by a second or so).
      for (const n of saved.samples.at(-1)!.nodes) expect(n.memory, n.id).toBeGreaterThan(0);
      // The member JVM's resident memory, from the exporter's process collector.
      for (const n of saved.samples.at(-1)!.nodes) expect(n.rss, n.id).toBeGreaterThan(0);
      expect(pids).toHaveLength(MEMBERS);
      expect(await waitGone([...pids, ...run.workerPids], 15_000)).toEqual([]);
    },
  );

  it('reports members it cannot reach clearly, within the connect timeout', async () => {
    const port = await freePort();
    const scenario = parseScenario({ target: { kind: 'hazelcast', members: `127.0.0.1:${port}`, connectTimeoutMs: 1000 } });
    const driver = createHazelcastDriver({ scenario, workerId: 0, io: { bytesIn: 0, bytesOut: 0 }, log: () => undefined });
    const t0 = Date.now();
    await expect(driver.connect()).rejects.toThrow(`cannot connect to hazelcast cluster "dev" at 127.0.0.1:${port} within 1000 ms`);
    expect(Date.now() - t0).toBeLessThan(CONNECT_LIMIT_MS);
    await driver.close();
  });

  it('shows a member killed mid-run as failed operations, and the run completes and is kept', { timeout: TEST_TIMEOUT_MS }, async () => {
    const run = memberRun(6, 1000);
    const { summary, saved, killed, failedAfter } = await runKillingServer(run, dir, 1, 2);
    expect(killed).toBeGreaterThan(0);
    expect(summary.status).toBe('done');
    expect(saved.interrupted).toBe(false);
    expect(failedAfter).toBeGreaterThan(0);
    expect(saved.samples.at(-1)!.totals.count).toBeGreaterThan(0);
    // Its exporter went with its JVM: down from the monitor's next reading (killed during second 3), to the end, and lost.
    expectKilledNodeLost(saved, MEMBERS, 2);
    expect(await waitGone(run.localClusterPids, 15_000)).toEqual([]);
  });
});

describe("the client's per-member counts, on a local cluster of 2 members", () => {
  it(
    "hears the member each operation is routed to: the counts per member are each key's owner, as another client sees it",
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const name = 'kvscope-counts';
      const cluster = await startHazelcastCluster(MEMBERS, name);
      const other = await Client.newHazelcastClient({
        clusterName: name,
        network: { clusterMembers: [`${cluster.seed.host}:${cluster.seed.port}`] },
        properties: { 'hazelcast.logging.level': 'OFF' },
      });
      // Every partition lookup of either client, the driver's own included (it binds the method when it connects).
      const service = Object.getPrototypeOf(other.getPartitionService()) as { getPartitionId(key: unknown): number };
      const own = service.getPartitionId;
      let lookups = 0;
      service.getPartitionId = function (this: unknown, key: unknown) {
        lookups++;
        return own.call(this, key);
      };
      const logs: string[] = [];
      const target = { kind: 'hazelcast', clusterName: name, members: `${cluster.seed.host}:${cluster.seed.port}` };
      const scenario = parseScenario({ target, keyLength: KEY_LENGTH });
      const driver = createHazelcastDriver({ scenario, workerId: 0, io: { bytesIn: 0, bytesOut: 0 }, log: (_l, m) => logs.push(m) });
      try {
        await driver.connect();
        expect(logs).toContainEqual(expect.stringContaining("members counted by the client's own routing"));
        // Both clients have the partition table (its owners) once an operation is counted against no unknown member.
        const ready = async (): Promise<boolean> => {
          await driver.run('get', keyFor(0, KEY_LENGTH));
          return other.getPartitionService().getPartitionOwner(0) !== undefined && driver.nodeCounts!().every((n) => n.id !== 'unknown');
        };
        expect(await waitUntil(ready, TABLE_WAIT_MS, () => undefined)).toBeUndefined();
        const partitions = other.getPartitionService();
        const address = new Map(
          other
            .getCluster()
            .getMembers()
            .map((m) => [m.uuid.toString(), m.address.toString()]),
        );
        const expected: Record<string, { 'read.sent': number; 'write.sent': number }> = {};
        const ops = ['get', 'set', 'remove'];
        for (let i = 0; i < COUNTED_OPS; i++) {
          const key = keyFor(i, KEY_LENGTH);
          const owner = address.get(partitions.getPartitionOwner(partitions.getPartitionId(key))!.toString())!;
          expected[owner] ??= { 'read.sent': 0, 'write.sent': 0 };
          expected[owner][ops[i % 3] === 'get' ? 'read.sent' : 'write.sent']++;
        }
        const before = lookups;
        const answers: Promise<unknown>[] = [];
        for (let i = 0; i < COUNTED_OPS; i++) answers.push(driver.run(ops[i % 3], keyFor(i, KEY_LENGTH)));
        await Promise.all(answers);
        // One lookup an operation, the client's: the count heard it and looked nothing up itself.
        expect(lookups - before).toBe(COUNTED_OPS);
        const counted = Object.fromEntries(driver.nodeCounts!().map((n) => [n.address, n.counters]));
        expect(Object.keys(expected)).toHaveLength(MEMBERS);
        expect(counted).toEqual(expected);
        // A read-modify-write is one operation to the load loop, a read and a write to the key's owner.
        const key = keyFor(COUNTED_OPS + 1, KEY_LENGTH);
        const owner = address.get(partitions.getPartitionOwner(partitions.getPartitionId(key))!.toString())!;
        await driver.run('rmw', key);
        expect(driver.nodeCounts!().map((n) => [n.address, n.counters])).toEqual([[owner, { 'read.sent': 1, 'write.sent': 1 }]]);
        expect(((await (await other.getMap<string, string>('kvscope')).get(key)) ?? '').length).toBe(scenario.valueSize);
      } finally {
        service.getPartitionId = own;
        await driver.close();
        await other.shutdown();
        await cluster.stop();
      }
    },
  );
});

describe("the Hazelcast client benchmark's get, as the catalog reproduces it", () => {
  it(
    'sets its one key before the run, so every get finds a value, and stops at the operation budget',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const budget = 20_000;
      const { summary, logs, run } = await runScenario({ ...findScenario('hazelcast-get')!, warmupSeconds: 0, totalOps: budget });
      expect(summary.status).toBe('done');
      expect(logs.some((l) => l.source === 'worker 0' && /prefill: 1 keys in map kvscope/.test(l.message))).toBe(true);
      expect(summary.ops.get.notFound).toBe(0);
      // The budget counts operations started; the ones in flight when it is spent still finish.
      expect(summary.ops.get.ops).toBeGreaterThanOrEqual(budget);
      expect(summary.ops.get.ops).toBeLessThanOrEqual(budget + 128);
      expect(await waitGone(run.workerPids, 10_000)).toEqual([]);
    },
  );
});
