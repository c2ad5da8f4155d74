import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario } from '../../app/scenario/schema';
import { NO_MEMORY_REDUCER } from '../../main/engine/memory-reducer';
import { MONITOR_MAX_OPT } from '../../main/engine/target-runner';
import { Run } from '../../main/engine/orchestrator';
import { recordRun } from '../../main/engine/run-recorder';
import { expectKilledNodeLost, runKillingServer } from '../helpers/kill-server';
import { nodeOps, waitGone } from '../helpers/run';

/** Per-node series must add up to the client's totals over a run within this. */
const SUM_TOLERANCE = 0.01;
const MASTERS = 3;

function clusterRun(durationSeconds: number): Run {
  const base = findScenario('redis-cluster-mix')!;
  return new Run(parseScenario({ ...base, workers: 2, inFlight: 16, keySpace: 5000, warmupSeconds: 1, durationSeconds }));
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
