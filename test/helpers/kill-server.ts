import type { Sample } from '../../app/metrics/sample';
import { readRunFile, type RunFile } from '../../app/run/reader';
import type { Summary } from '../../app/metrics/summary';
import type { Run } from '../../main/engine/orchestrator';
import { recordRun } from '../../main/engine/run-recorder';
import { nodeState } from '../../app/metrics/node-stats';
import { expect } from 'vitest';

export interface KilledRun {
  summary: Summary;
  saved: RunFile;
  /** The server SIGKILLed at `second`. */
  killed: number | undefined;
  /** Errors, timeouts and unavailable operations counted after the kill. */
  failedAfter: number;
}

/** Run to the end, recorded, SIGKILLing the local cluster's server `index` once second `second` is out. */
export async function runKillingServer(run: Run, dir: string, index: number, second: number): Promise<KilledRun> {
  const file = recordRun(run, { dir });
  let killed: number | undefined;
  run.on('sample', (s: Sample) => {
    if (s.second !== second) return;
    killed = run.localClusterPids[index];
    if (killed !== undefined) process.kill(killed, 'SIGKILL');
  });
  const summary = await run.execute();
  const saved = readRunFile(file.path()!);
  const failedAfter = saved.samples
    .filter((s) => s.second > second)
    .reduce((a, s) => a + s.totals.errors + s.totals.timeouts + Object.values(s.ops).reduce((u, o) => u + (o.unavailable ?? 0), 0), 0);
  return { summary, saved, killed, failedAfter };
}

/**
 * The killed node, as the run file shows it: down from the monitor's first
 * whole-second reading after the kill (killed during second `second` + 1, so
 * down from that second or the next), in every later sample beside the
 * others, and the run's one lost node, from that second.
 */
export function expectKilledNodeLost(saved: RunFile, nodes: number, second: number): void {
  const downIn = (s: Sample) => s.nodes.filter((n) => nodeState(n) === 'down').map((n) => n.id);
  const firstDown = saved.samples.findIndex((s) => downIn(s).length > 0);
  expect(saved.samples[firstDown].second).toBeGreaterThanOrEqual(second + 1);
  expect(saved.samples[firstDown].second).toBeLessThanOrEqual(second + 2);
  const [lost] = downIn(saved.samples[firstDown]);
  for (const s of saved.samples.slice(firstDown)) {
    expect(s.nodes).toHaveLength(nodes);
    expect(downIn(s)).toEqual([lost]);
  }
  expect(saved.summary.outcome).toMatchObject({ kind: 'degraded', lostNodes: [{ id: lost, second: saved.samples[firstDown].second }] });
}
