import { randomUUID } from 'node:crypto';
import { CapacitySearch, held, MAX_CAPACITY_STEPS, type CapacityAnswer, type StepResult } from '../../app/capacity/search';
import type { Thresholds } from '../../app/metrics/thresholds';
import type { Summary } from '../../app/metrics/summary';
import { thresholdMisses } from '../../app/metrics/thresholds';
import { outcomeOf, type OutcomeKind } from '../../app/metrics/outcome';
import type { RunGroup } from '../../app/plan/group';
import { fmtInt, fmtUsAsMs } from '../../app/report/numbers';
import { parseScenario, type Scenario } from '../../app/scenario/schema';

/** The group setting a step is known by: the rate it was asked for (the probe's value is null, a closed loop). */
const RATE = 'rate';

export interface StepRun {
  summary: Summary;
  file: string | null;
}

/** Runs one step as a run of the group; a number is the exit code of a run that did not end cleanly. */
export type RunStep = (s: Scenario, group: RunGroup) => Promise<StepRun | number>;

export interface CapacityRun {
  groupId: string;
  /** The probe's throughput: the scale the open-loop steps are set by. */
  probeOpsPerSec: number;
  steps: StepResult[];
  answer: CapacityAnswer;
}

/**
 * Outcomes a step may end with and still be judged: a clean run, or one
 * with more errors than its scenario allows (past capacity a server often
 * fails or times out operations), which does not hold. Any other (a lost
 * worker or node, a failed run) ends the search: its numbers are not ones
 * to judge a capacity by.
 */
export const JUDGED_OUTCOMES: readonly OutcomeKind[] = ['done', 'done with errors'];

const resultOf = (rate: number, d: StepRun): StepResult => {
  const outcome = outcomeOf(d.summary);
  const misses = [thresholdMisses(d.summary.thresholds), outcome.kind === 'done with errors' ? `done with errors (${outcome.reason})` : '']
    .filter((m) => m !== '')
    .join('; ');
  const l = d.summary.total.latency;
  return {
    rate,
    // The lower of the mean and the median second: the operations still in flight at the step's end are answered in its
    // last second, which past capacity holds up to inFlight more than the server served; the median leaves that second out.
    // Nor more than the rate asked, which an open loop cannot truly exceed (answers to warm-up's backlog land in the
    // measured seconds).
    achieved: Math.min(d.summary.total.opsPerSec.mean, d.summary.total.opsPerSec.median, rate),
    metSlo: misses === '',
    why: misses || undefined,
    latencyUs: { p50: l.p50, p99: l.p99, p999: l.p999 },
  };
};

/** A step of several runs, judged as runs: it holds only if every run held, at the least throughput any reached. */
function judged(runs: readonly StepResult[]): StepResult {
  const worst = runs.find((x) => !held(x)) ?? runs.reduce((a, b) => (b.achieved < a.achieved ? b : a));
  return { ...worst, achieved: Math.min(...runs.map((x) => x.achieved)) };
}

/**
 * The search, run: the probe, then each step (`repeat` runs of it) through
 * `runStep`, progress told to `say`; the CLI and the dashboard differ only
 * in how a run is run and where the words go.
 */
export async function runCapacity(
  base: Scenario,
  slo: Thresholds,
  repeat: number,
  runStep: RunStep,
  say: (line: string) => void,
  onStep: (steps: readonly StepResult[]) => void = () => undefined,
): Promise<CapacityRun | number> {
  const at = (rate: number | undefined): Scenario => parseScenario({ ...base, rate, thresholds: slo });
  const groupId = randomUUID();
  const count = 1 + MAX_CAPACITY_STEPS * repeat;
  let index = 0;
  const group = (value: number | null): RunGroup => ({ kind: 'capacity', id: groupId, index: index++, count, setting: RATE, value });
  const probe = await runStep(at(undefined), group(null));
  if (typeof probe === 'number') return probe;
  const scale = probe.summary.total.opsPerSec.mean;
  say(`probe (closed loop): ${fmtInt(scale)} ops/s, p99 ${fmtUsAsMs(probe.summary.total.latency.p99)} ms`);
  const search = new CapacitySearch(scale);
  for (let rate = search.next(); rate !== undefined; rate = search.next()) {
    const runs: StepResult[] = [];
    for (let r = 0; r < repeat; r++) {
      const d = await runStep(at(rate), group(rate));
      if (typeof d === 'number') return d;
      runs.push(resultOf(rate, d));
    }
    const s = judged(runs);
    search.record(s);
    onStep(search.steps);
    say(
      `step ${search.steps.length}: ${fmtInt(rate)} ops/s asked, ${fmtInt(s.achieved)} reached: ${held(s) ? 'held' : `did not hold (${s.why ?? 'throughput did not follow'})`}`,
    );
  }
  return { groupId, probeOpsPerSec: scale, steps: search.steps, answer: search.answer() };
}
