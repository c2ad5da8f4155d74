import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Sample } from '../../app/metrics/sample';
import { readRunFile } from '../../app/run/reader';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario } from '../../app/scenario/schema';
import { NO_MEMORY_REDUCER } from '../../main/engine/memory-reducer';
import { MONITOR_MAX_OPT } from '../../main/engine/target-runner';
import { Run } from '../../main/engine/orchestrator';
import { recordRun } from '../../main/engine/run-recorder';
import Redis from 'ioredis';
import { keyFor } from '../../workers/load/keys';
import { expectKilledNodeLost, runKillingServer } from '../helpers/kill-server';
import { nodeOps, waitGone } from '../helpers/run';

/** Per-node series must add up to the client's totals over a run within this. */
const SUM_TOLERANCE = 0.01;
const MASTERS = 3;

function clusterRun(durationSeconds: number, extra: object = {}): Run {
  const base = findScenario('redis-cluster-mix')!;
  return new Run(parseScenario({ ...base, workers: 2, inFlight: 16, keySpace: 5000, warmupSeconds: 1, durationSeconds, ...extra }));
}

/** The master (host:port) that owns a key's slot, asked of the cluster through one of its nodes. */
async function ownerOf(key: string, node: string): Promise<string> {
  const [host, port] = node.split(':');
  const c = new Redis({ host, port: Number(port), lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await c.connect();
    const slot = await c.cluster('KEYSLOT', key);
    const owner = (await c.cluster('SLOTS')).find(([from, to]) => slot >= from && slot <= to)!;
    return `${owner[2][0]}:${owner[2][1]}`;
  } finally {
    c.disconnect();
  }
}

describe('redis-cluster-mix on a local Redis Cluster of 3 masters', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-rc-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts the cluster, sums per-master server counts to the client totals, and stops every server', async () => {
    const run = clusterRun(4);
    const file = recordRun(run, { dir });
    let pids: number[] = [];
    let flags: string[][] = [];
    run.once('sample', () => {
      pids = [...run.localClusterPids, run.monitorPid!];
      flags = [run.monitorPid!, ...run.workerPids].map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
    });
    const summary = await run.execute();
    // The monitor idles between readings (IDLE_CHILD_FLAGS); the workers keep Node's defaults, as the bare loops do.
    expect(flags.map((f) => f.includes(NO_MEMORY_REDUCER))).toEqual([true, false, false]);
    // Its few readings a second run on baseline code (MONITOR_MAX_OPT); a worker's hot loop gets V8's every tier.
    expect(flags.map((f) => f.includes(MONITOR_MAX_OPT))).toEqual([true, false, false]);
    expect(summary.status).toBe('done');
    const saved = readRunFile(file.path()!);
    const client = saved.samples.reduce((a, s) => a + s.totals.count + s.totals.errors + s.totals.timeouts, 0);
    const nodes = saved.samples.reduce((a, s) => a + nodeOps(s), 0);
    expect(client).toBeGreaterThan(1000);
    expect(Math.abs(nodes / client - 1)).toBeLessThan(SUM_TOLERANCE);
    expect(new Set(saved.samples.flatMap((s) => s.nodes.map((n) => n.id))).size).toBe(MASTERS);
    expect(saved.samples.every((s) => s.nodes.every((n) => (n.memory ?? 0) > 0))).toBe(true);
    expect(pids).toHaveLength(MASTERS + 1);
    expect(await waitGone([...pids, ...run.workerPids], 10_000)).toEqual([]);
  });

  it("puts a hotspot's share of the operations on the master that owns the hot key", async () => {
    // One hot key of 5000 (index 0) takes 90 % of the operations; the cold 10 % spread over all three masters.
    const HOT_SHARE = 0.9;
    const run = clusterRun(3, { keyDistribution: { kind: 'hotspot', hotFraction: 1 / 5000, hotShare: HOT_SHARE } });
    const file = recordRun(run, { dir });
    let owner: Promise<string> | undefined;
    run.on('sample', (s: Sample) => {
      if (!owner && s.nodes.length) owner = ownerOf(keyFor(0, run.scenario.keyLength), s.nodes[0].id);
    });
    const summary = await run.execute();
    expect(summary.status).toBe('done');
    const saved = readRunFile(file.path()!);
    const perNode = new Map<string, number>();
    for (const s of saved.samples) for (const n of s.nodes) perNode.set(n.id, (perNode.get(n.id) ?? 0) + nodeOps({ ...s, nodes: [n] }));
    const all = [...perNode.values()].reduce((a, b) => a + b, 0);
    const hot = await owner!;
    expect(perNode.size).toBe(MASTERS);
    // The owner's share: the hot key's 90 % plus its third of the cold 10 %.
    expect(perNode.get(hot)! / all).toBeGreaterThan(HOT_SHARE);
    for (const [id, ops] of perNode) if (id !== hot) expect(ops / all).toBeLessThan(0.06);
    expect(await waitGone(run.localClusterPids, 10_000)).toEqual([]);
  });

  it('shows a master killed mid-run as errors, and the run completes and is kept', async () => {
    const run = clusterRun(6);
    const { summary, saved, killed, failedAfter } = await runKillingServer(run, dir, 1, 2);
    expect(killed).toBeGreaterThan(0);
    expect(summary.status).toBe('done');
    expect(saved.interrupted).toBe(false);
    expect(failedAfter).toBeGreaterThan(0);
    expect(saved.samples.filter((s) => s.second <= 1).every((s) => s.totals.errors + s.totals.timeouts === 0)).toBe(true);
    // The killed master stays in the per-node view, as down from the first second its monitor found it not answering.
    expectKilledNodeLost(saved, MASTERS, 2);
    expect(await waitGone(run.localClusterPids, 10_000)).toEqual([]);
  });
});
