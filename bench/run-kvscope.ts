import type { Sample } from '../app/metrics/sample';
import type { Summary } from '../app/metrics/summary';
import type { LogEntry } from '../app/run/format';
import { Run } from '../main/engine/orchestrator';
import type { AgentLink } from '../main/engine/place';
import { onAbort } from './cleanup';
import { FIXED_HEAP_FLAGS } from './fixed-heap';
import type { Scenario } from '../app/scenario/schema';
import type { PhaseMark } from '../app/run/format';
import { cpuBetween, snapshotKvscope, totalCpu, type RoleCpu } from './cpu/meter';

/** Worker start, connect, the go delay and the drain fit in this on top of warm-up and run. */
const RUN_SLACK_MS = 30_000;
/** Log lines kept to explain a failed run. */
const LOG_TAIL_LINES = 10;

export interface KvscopeResult {
  opsPerSec: number;
  errors: number;
  /** Measured seconds the summary covers (should equal the scenario's duration). */
  seconds: number;
  /** Mean event-loop utilisation of the worker over the measured seconds (1 = no idle time). */
  elu: number;
  /** Operations answered in the measured seconds. */
  ops: number;
  /** CPU time (user + system) of each part of kvscope over the measured seconds, µs. */
  cpu: RoleCpu;
  /** All of kvscope's CPU time over the measured seconds per operation answered in them. */
  cpuUsPerOp: number;
  /** The highest RSS any worker reported, warm-up included (bytes). */
  peakWorkerRss: number;
}

/** The two edges of the measured seconds, as main's phase marks give them. */
export type MeasuredEdge = 'running' | 'stopping';

/**
 * (a) kvscope itself, through the same orchestrator the CLI and the dashboard
 * use. `onEdge` hears each edge of the measured seconds as kvscope's CPU is
 * read there (a paired round reads its bare loop at the same instants).
 */
export async function runKvscope(scenario: Scenario, agents?: AgentLink, onEdge?: (edge: MeasuredEdge) => void): Promise<KvscopeResult> {
  const run = new Run(scenario, undefined, agents, FIXED_HEAP_FLAGS);
  const logs: string[] = [];
  const samples: Sample[] = [];
  run.on('sample', (s: Sample) => samples.push(s));
  // The measured seconds are the 'running' phase: its marks come from main's timers at their edges.
  let atRun: ReturnType<typeof snapshotKvscope> | undefined;
  let atStop: ReturnType<typeof snapshotKvscope> | undefined;
  run.on('phase', (m: PhaseMark) => {
    if (m.phase === 'running') {
      atRun = snapshotKvscope();
      onEdge?.('running');
    } else if (m.phase === 'stopping' && atRun && !atStop) {
      atStop = snapshotKvscope();
      onEdge?.('stopping');
    }
  });
  run.on('log', (l: LogEntry) => {
    if (l.level !== 'info') logs.push(`${l.level}: [${l.source}] ${l.message}`);
    if (logs.length > LOG_TAIL_LINES) logs.shift();
  });
  const unregister = onAbort(() => run.kill());
  const limitMs = (scenario.warmupSeconds + (scenario.durationSeconds ?? 0)) * 1000 + RUN_SLACK_MS;
  let overran = false;
  const timer = setTimeout(() => {
    overran = true;
    run.kill();
  }, limitMs);
  let summary: Summary;
  try {
    summary = await run.execute();
  } finally {
    clearTimeout(timer);
    unregister();
  }
  if (overran) throw new Error(`kvscope run did not end within ${limitMs / 1000} s and was killed`);
  if (summary.status !== 'done') {
    throw new Error(`kvscope run ended with status ${summary.status}\n${logs.join('\n')}`);
  }
  const measured = samples.filter((s) => s.phase === 'run');
  const elus = measured.flatMap((s) => s.workers.map((w) => w.elu));
  if (!atRun || !atStop) throw new Error('kvscope run ended without both edges of its measured phase');
  const { byRole } = cpuBetween(atRun, atStop);
  const ops = measured.reduce((a, s) => a + s.totals.count, 0);
  // Answers without the workers' CPU time would make kvscope look nearly free: no figure rather than that one.
  if (ops > 0 && byRole.workers <= 0)
    throw new Error(`the workers' CPU time over the measured seconds could not be read (${ops} operations answered)`);
  return {
    opsPerSec: summary.total.opsPerSec.mean,
    errors: summary.total.errors + summary.total.timeouts,
    seconds: summary.seconds,
    elu: elus.length ? elus.reduce((a, b) => a + b, 0) / elus.length : 0,
    ops,
    cpu: byRole,
    cpuUsPerOp: ops ? totalCpu(byRole) / ops : NaN,
    peakWorkerRss: Math.max(0, ...Object.values(summary.peakRss)),
  };
}
