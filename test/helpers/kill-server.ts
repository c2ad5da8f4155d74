import type { Sample } from '../../app/metrics/sample';
import { readRunFile, type RunFile } from '../../app/run/reader';
import type { Summary } from '../../app/metrics/summary';
import type { Run } from '../../main/engine/orchestrator';
import { recordRun } from '../../main/engine/run-recorder';

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
