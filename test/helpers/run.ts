import type { Sample } from '../../app/metrics/sample';
import { nodeTotals } from '../../app/metrics/node-stats';
import type { Summary } from '../../app/metrics/summary';
import type { LogEntry } from '../../app/run/format';
import { parseScenario, type ScenarioInput } from '../../app/scenario/schema';
import { Run } from '../../main/engine/orchestrator';
import { waitUntil } from '../../workers/local/wait-until';

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

/** Every operation the nodes of a second counted (reads and writes, any outcome). */
export const nodeOps = (s: Sample): number =>
  s.nodes.reduce((a, n) => {
    const t = nodeTotals(n.rates);
    return a + t.reads + t.writes;
  }, 0);

/** Waits (up to `timeoutMs`) until some sample collected so far is `what` `want` says; throws naming `what` if none comes. */
export function sampleWaiter(samples: readonly Sample[], timeoutMs: number) {
  return async (want: (s: Sample) => boolean, what: string): Promise<void> => {
    const failed = await waitUntil(
      async () => samples.some(want),
      timeoutMs,
      () => undefined,
    );
    if (failed) throw new Error(`no sample ${what}: ${failed}`);
  };
}

export { waitGone } from './processes';
