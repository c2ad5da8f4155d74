import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario } from '../../app/scenario/schema';
import { Run } from '../../main/engine/orchestrator';
import { recordRun } from '../../main/engine/run-recorder';
import { startAerospikeNode, type AerospikeTestNode } from '../helpers/aerospike-node';
import { nodeTotals } from '../../app/metrics/node-stats';
import { serverLatency } from '../../app/metrics/server-latency';
import { waitGone } from '../helpers/run';

const PASSWORD = 'pw-41c7-never-logged';
/** The monitor's last reading can miss at most the run's final second (it polls once a second). */
const MONITOR_SHARE_MIN = 0.8;

function sumCounters(c: Record<string, number>, prefix: 'client_read' | 'client_write'): number {
  return Object.entries(c)
    .filter(([k]) => k.startsWith(prefix))
    .reduce((a, [, v]) => a + v, 0);
}

describe('aerospike runs through the orchestrator against the protocol test node', () => {
  let node: AerospikeTestNode;
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-as-run-'));
  // The file sink writes into `dir`: a folder the user allowed in kvscope's config (a temp one, not the real home).
  const configDir = mkdtempSync(join(tmpdir(), 'kvscope-as-config-'));
  const savedConfigDir = process.env.KVSCOPE_CONFIG_DIR;
  beforeAll(async () => {
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ allowedFolders: [dir] }));
    process.env.KVSCOPE_CONFIG_DIR = configDir;
    // A 1 s ticker (a server's default is 10 s) so the few seconds of a test see the histograms' intervals.
    node = await startAerospikeNode(['--nodes', '2', '--users', 'bench', '--ticker-ms', '1000']);
  });
  afterAll(async () => {
    if (savedConfigDir === undefined) delete process.env.KVSCOPE_CONFIG_DIR;
    else process.env.KVSCOPE_CONFIG_DIR = savedConfigDir;
    await node?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(configDir, { recursive: true, force: true });
  });

  it('runs aerospike-50-50 with per-node server-side series next to the client side, and no password anywhere', async () => {
    const input = findScenario('aerospike-50-50')!;
    const run = new Run(
      parseScenario({
        ...input,
        target: { ...(input.target as object), kind: 'aerospike', hosts: node.hosts, user: 'bench', password: PASSWORD },
        workers: 2,
        inFlight: 8,
        keySpace: 2000,
        warmupSeconds: 1,
        durationSeconds: 4,
      }),
    );
    const file = recordRun(run, { dir });
    const logs: string[] = [];
    run.on('log', (l: { message: string }) => logs.push(l.message));
    let monitorPid: number | undefined;
    run.once('sample', () => (monitorPid = run.monitorPid));
    const summary = await run.execute();
    expect(summary.status).toBe('done');
    expect(summary.ops.get.ops).toBeGreaterThan(100);
    expect(summary.ops.put.ops).toBeGreaterThan(100);

    const saved = readRunFile(file.path()!);
    const clientOps = saved.samples.reduce((a, s) => a + s.totals.count, 0);
    // Every operation the client counted, the nodes counted too (they answered each one).
    const server = await node.info();
    const serverOps = server.reduce((a, n) => a + sumCounters(n.counters, 'client_read') + sumCounters(n.counters, 'client_write'), 0);
    expect(serverOps).toBe(clientOps);
    // The monitor carried those counts into the run, node by node.
    const names = new Set(saved.samples.flatMap((s) => s.nodes.map((n) => n.id)));
    expect([...names].sort()).toEqual(server.map((n) => n.name).sort());
    const monitored = saved.samples.flatMap((s) => s.nodes).reduce((a, n) => a + nodeTotals(n.rates).reads + nodeTotals(n.rates).writes, 0);
    expect(monitored / serverOps).toBeGreaterThan(MONITOR_SHARE_MIN);
    expect(monitored).toBeLessThanOrEqual(serverOps);
    expect(saved.samples.some((s) => s.nodes.every((n) => (n.memory ?? 0) > 0))).toBe(true);
    // latencies: once each node's histograms have two ticker dumps: each node's own p99, below what the client saw.
    for (const s of saved.samples.slice(-2)) {
      for (const n of s.nodes) {
        const own = serverLatency(n.rates);
        expect(own, `${n.id} in second ${s.second}`).toBeDefined();
        expect(own!.count).toBeGreaterThan(0);
        expect(own!.p99).toBeGreaterThan(0);
        expect(own!.p99!).toBeLessThan(s.latency.p99);
      }
    }

    expect(saved.header.env.clients.aerospike).toBe('6.7.1');
    expect(saved.header.scenario.target).toMatchObject({ kind: 'aerospike', user: 'bench', password: '***' });
    expect(readFileSync(file.path()!, 'utf8')).not.toContain(PASSWORD);
    expect(logs.join('\n')).not.toContain(PASSWORD);
    expect(monitorPid).toBeGreaterThan(0);
    expect(await waitGone([...run.workerPids, monitorPid!], 5000)).toEqual([]);
  });

  it('streams a scan as records per second, with the worker memory recorded', async () => {
    const input = findScenario('aerospike-scan-file')!;
    const run = new Run(
      parseScenario({
        ...input,
        target: {
          ...(input.target as object),
          kind: 'aerospike',
          hosts: node.hosts,
          user: 'bench',
          password: PASSWORD,
          prefill: 3000,
          pageSize: 500,
          sinkDir: dir,
        },
        warmupSeconds: 0,
        durationSeconds: 3,
      }),
    );
    const summary = await run.execute();
    expect(summary.status).toBe('done');
    expect(summary.ops.scan.ops).toBeGreaterThan(3000);
    expect(summary.total.errors + summary.total.timeouts).toBe(0);
    expect(summary.peakRss['0']).toBeGreaterThan(0);
  });
});
