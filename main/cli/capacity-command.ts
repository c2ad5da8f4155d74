import { parseArgs } from 'node:util';
import { held, MAX_CAPACITY_STEPS, type StepResult } from '../../app/capacity/search';
import { JUDGED_OUTCOMES, runCapacity, type StepRun } from '../capacity/capacity-loop';
import { answerLine } from '../../app/capacity/answer';
import { parseSlo, sloText, SloError } from '../../app/capacity/slo';
import { outcomeOf } from '../../app/metrics/outcome';
import type { RunGroup } from '../../app/plan/group';
import { MAX_REPEAT } from '../../app/plan/group';
import { fmtInt, fmtUsAsMs } from '../../app/report/numbers';
import { parseScenario, type Scenario } from '../../app/scenario/schema';
import { EXIT_FAILED, EXIT_OK, EXIT_THRESHOLDS } from '../exit-codes';
import { defaultRunsDir } from '../library/paths';
import { table } from './format';
import { admitOrThrow, loadScenario, UsageError } from './load-scenario';
import { runCommand } from './run-command';
import { printError } from './terminal';
import { STDOUT, writeOutput } from './output';
import { findBrowser } from '../headless-browser';
import { errorMessage } from '../../app/error-message';
import { capacityReportHtml } from '../../app/report/html/capacity-report';

/** One run of the search, quiet: its lines are kept and shown only when it did not end cleanly. */
async function step(s: Scenario, group: RunGroup, runsDir: string, say: (l: string) => void): Promise<StepRun | number> {
  const lines: string[] = [];
  let done: StepRun | undefined;
  const exit = await runCommand(s, {
    runsDir,
    group,
    quiet: true,
    print: (l) => lines.push(l),
    onSummary: (summary, file) => (done = { summary, file }),
  });
  if (!done || !JUDGED_OUTCOMES.includes(outcomeOf(done.summary).kind)) {
    for (const l of lines) say(l);
    return exit === EXIT_OK || exit === EXIT_THRESHOLDS ? EXIT_FAILED : exit;
  }
  return done;
}

function stepsTable(steps: readonly StepResult[]): string {
  const sorted = [...steps].sort((a, b) => a.rate - b.rate);
  return table([
    ['rate asked', 'ops/s', 'p50 ms', 'p99 ms', 'p99.9 ms', 'held', 'why not'],
    ...sorted.map((s) => {
      const l = s.latencyUs ?? { p50: NaN, p99: NaN, p999: NaN };
      return [
        fmtInt(s.rate),
        fmtInt(s.achieved),
        fmtUsAsMs(l.p50),
        fmtUsAsMs(l.p99),
        fmtUsAsMs(l.p999),
        held(s) ? 'yes' : 'no',
        s.why ?? (held(s) ? '' : 'throughput did not follow'),
      ];
    }),
  ]);
}

/** `kvscope capacity SCENARIO --slo "p99<2ms,errors<0.1%" [--set k=v ...] [--repeat N] [--html FILE] [--runs-dir DIR] [--json]` */
export async function capacityCommand(args: string[], say: (line: string) => void): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      slo: { type: 'string' },
      set: { type: 'string', multiple: true, default: [] },
      repeat: { type: 'string', default: '1' },
      'runs-dir': { type: 'string' },
      json: { type: 'boolean', default: false },
      html: { type: 'string' },
      png: { type: 'string' },
      browser: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('capacity takes exactly one scenario name or file');
  if (values.png === STDOUT) throw new UsageError('--png writes a picture: give it a file');
  // A missing browser is said before the search, not after it.
  if (values.png) {
    try {
      findBrowser(values.browser);
    } catch (err) {
      throw new UsageError(errorMessage(err));
    }
  }
  if (values.json && values.html === STDOUT) throw new UsageError('--json and --html - both write to standard output; choose one');
  if (values.slo === undefined) throw new UsageError('capacity needs --slo, e.g. --slo "p99<2ms,errors<0.1%"');
  let thresholds;
  try {
    thresholds = parseSlo(values.slo);
  } catch (err) {
    throw new UsageError((err as SloError).message);
  }
  const repeat = Number(values.repeat);
  if (!Number.isInteger(repeat) || repeat < 1 || repeat > MAX_REPEAT)
    throw new UsageError(`--repeat needs a whole number from 1 to ${MAX_REPEAT}, got "${values.repeat}"`);
  const base = loadScenario(positionals[0], values.set ?? []);
  const runsDir = values['runs-dir'] ?? defaultRunsDir();
  admitOrThrow([parseScenario({ ...base, thresholds })]);
  const slo = sloText(thresholds);
  const log = values.json || values.html === STDOUT ? printError : say;
  log(`capacity of ${base.name} within ${slo}: a closed-loop probe, then up to ${MAX_CAPACITY_STEPS} open-loop steps`);
  const found = await runCapacity(base, thresholds, repeat, (s, group) => step(s, group, runsDir, log), log);
  if (typeof found === 'number') return found;
  const answer = found.answer;
  const line = answerLine(answer, slo);
  if (values.json) {
    say(JSON.stringify({ schema: 1, scenario: base.name, slo: thresholds, ...found, ...answer, answer: line }, null, 2));
  } else {
    log('');
    log(stepsTable(found.steps));
    log('');
    log(line);
  }
  if (values.html || values.png) {
    const report = capacityReportHtml({
      scenario: parseScenario({ ...base, thresholds }),
      slo: thresholds,
      sloText: slo,
      answer: line,
      probeOpsPerSec: found.probeOpsPerSec,
      steps: found.steps,
      capacity: answer.capacity,
      createdAt: new Date().toISOString(),
    });
    if (values.html) writeOutput(values.html, report, log, 'the capacity report');
    if (values.png) {
      // Loaded here only: the browser driver costs half a second of CPU to load.
      await (await import('./html-png')).htmlPng(report, values.png, values.browser);
      log(`wrote ${values.png} (the capacity report as a picture)`);
    }
  }
  return answer.capacity ? EXIT_OK : EXIT_THRESHOLDS;
}
