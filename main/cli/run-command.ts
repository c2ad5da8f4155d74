import type { Sample } from '../../app/metrics/sample';
import type { Summary } from '../../app/metrics/summary';
import { outcomeOf, type OutcomeKind } from '../../app/metrics/outcome';
import type { LogEntry, PhaseMark, RunHeader } from '../../app/run/format';
import type { RunGroup } from '../../app/plan/plan';
import type { Scenario } from '../../app/scenario/schema';
import { Run } from '../engine/orchestrator';
import type { AgentLink } from '../engine/place';
import { recordRun } from '../engine/run-recorder';
import { liveLine } from './live-line';
import { printError, printLine } from './terminal';
import { summaryTable } from './summary-table';
import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { RunLibrary } from '../library/run-library';
import { errorMessage } from '../../app/error-message';
import { EXIT_DEGRADED, EXIT_FAILED, EXIT_OK, EXIT_BY_SIGNAL, EXIT_THRESHOLDS } from '../exit-codes';

/** Resolves once standard output has taken the bytes (a pipe may be slower than the exit). */
const writeStdout = (bytes: Buffer): Promise<void> => new Promise((resolve) => process.stdout.write(bytes, () => resolve()));

/** Phases not announced by a line: running and warm-up show in every live line, the end in the summary. */
const QUIET_PHASES: readonly string[] = ['running', 'warmup', 'done', 'stopped', 'failed'];

const EXIT_BY_OUTCOME: Record<OutcomeKind, number> = {
  done: EXIT_OK,
  'done with errors': EXIT_DEGRADED,
  degraded: EXIT_DEGRADED,
  failed: EXIT_FAILED,
  // Without a signal a stop can only come from the run itself; it is not a clean run.
  stopped: EXIT_FAILED,
  interrupted: EXIT_FAILED,
};

/** The exit code a finished run's summary calls for: its outcome's, else a missed threshold's. */
function exitCodeFor(summary: Summary): number {
  const code = EXIT_BY_OUTCOME[outcomeOf(summary).kind];
  return code === EXIT_OK && summary.thresholds?.some((t) => !t.passed) ? EXIT_THRESHOLDS : code;
}

export interface RunCommandOptions {
  /** Set for one run of a repeat or sweep; recorded in the run's header. */
  group?: RunGroup;
  /** The run's label in the library (`--label`, a sweep's values). */
  label?: string;
  out?: string;
  runsDir: string;
  quiet?: boolean;
  /** Print only the summary, as JSON (with the run file's path), on standard output; the rest goes to standard error. */
  json?: boolean;
  /** `--out -`: the run file, once the run has ended, on standard output; everything else on standard error. */
  fileToStdout?: boolean;
  print?: (line: string) => void;
  /** Agents to place workers on (scenario.placement), over NATS. */
  agents?: AgentLink;
  /** Called with the run's summary and its file once it has ended. */
  onSummary?: (s: Summary, file: string | null) => void;
}

/** A label that cannot be written costs the run nothing: said, and the run stands. */
async function labelRun(path: string, label: string): Promise<void> {
  await new RunLibrary(dirname(path)).label(basename(path), label).catch((err: unknown) => {
    printError(`kvscope: could not label ${path}: ${errorMessage(err)}`);
  });
}

/** Run a scenario in the terminal: a line per second, a summary table, an exit code. */
export async function runCommand(scenario: Scenario, o: RunCommandOptions): Promise<number> {
  const print = o.print ?? (o.json || o.fileToStdout ? printError : printLine);
  const run = new Run(scenario, o.group, o.agents);
  // A run file that cannot be written fails the run (exit 1); the reason goes to stderr, never a stack trace.
  // A run whose file could not be written whole is not a success, even when the loss came at its last line.
  let writeFailed = false;
  const file = recordRun(
    run,
    { file: o.out, dir: o.runsDir },
    {
      onWriteError: (m) => {
        writeFailed = true;
        printError(`kvscope: ${m}`);
      },
    },
  );
  let header: RunHeader | undefined;
  let signal: string | undefined;

  run.on('header', (h: RunHeader) => (header = h));
  run.on('phase', (p: PhaseMark) => {
    // The run's end is told by the summary's outcome line ("degraded", "done with errors"...), not a bare "done".
    if (!o.quiet && !QUIET_PHASES.includes(p.phase)) print(`-- ${p.phase}`);
  });
  run.on('sample', (s: Sample) => !o.quiet && print(liveLine(s, run.scenario)));
  run.on('log', (l: LogEntry) => {
    if (l.level !== 'info' || !o.quiet) print(`${l.level}: [${l.source}] ${l.message}`);
  });

  const onSignal = (sig: NodeJS.Signals): void => {
    if (signal) {
      print('killing workers');
      run.kill();
      return;
    }
    signal = sig;
    print(`${sig}: stopping (in-flight operations finish; again to kill)`);
    run.stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let summary: Summary;
  try {
    summary = await run.execute();
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const path = file.path();
  if (path && o.label) await labelRun(path, o.label);
  o.onSummary?.(summary, path ?? null);
  if (o.json) printLine(JSON.stringify({ file: path ?? null, summary }, null, 2));
  else {
    print('');
    print(summaryTable(summary, header));
    if (path) print(`run file: ${path}`);
  }
  // The run is kept in the runs folder as always (a crash leaves it readable there); stdout gets a copy, whole.
  if (o.fileToStdout && path) await writeStdout(readFileSync(path));
  if (signal) return EXIT_BY_SIGNAL[signal] ?? EXIT_FAILED;
  if (writeFailed) return EXIT_FAILED;
  return exitCodeFor(summary);
}
