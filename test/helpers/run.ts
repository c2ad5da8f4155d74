import type { Sample } from '../../app/metrics/sample';
import type { Summary } from '../../app/metrics/summary';
import type { LogEntry } from '../../app/run/format';
import { parseScenario, type ScenarioInput } from '../../app/scenario/schema';
import { Run } from '../../main/orchestrator';

export interface RunResult {
  summary: Summary;
  samples: Sample[];
  logs: LogEntry[];
  run: Run;
}

/** Run a scenario through the real orchestrator, collecting what it emits. */
export async function runScenario(input: ScenarioInput, during?: (run: Run, sample: Sample) => void): Promise<RunResult> {
  const run = new Run(parseScenario(input));
  const samples: Sample[] = [];
  const logs: LogEntry[] = [];
  run.on('sample', (s: Sample) => {
    samples.push(s);
    during?.(run, s);
  });
  run.on('log', (l: LogEntry) => logs.push(l));
  const summary = await run.execute();
  return { summary, samples, logs, run };
}

/** True while a process with this pid exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Poll until every pid has exited, or the timeout passes; returns those still alive. */
export async function waitGone(pids: readonly number[], timeoutMs: number): Promise<number[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const left = pids.filter(alive);
    if (left.length === 0 || Date.now() > until) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}
