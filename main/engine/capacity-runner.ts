import type { StepResult } from '../../app/capacity/search';
import type { CapacityProgress } from '../../app/capacity/progress';
import { parseSlo, sloText, SloError } from '../../app/capacity/slo';
import { outcomeOf } from '../../app/metrics/outcome';
import type { Summary } from '../../app/metrics/summary';
import type { PlannedRun } from '../../app/plan/plan';
import type { StartResult } from '../../app/protocol/bridge';
import { validateScenario } from '../../app/scenario/schema';
import { EXIT_FAILED } from '../exit-codes';
import { admitScenario, refusalMessage } from '../policy/admit';
import { JUDGED_OUTCOMES, runCapacity } from '../capacity/capacity-loop';
import { answerLine } from '../../app/capacity/answer';

/** What the search needs of the run controller: one run at a time, in the Live view like any other. */
export interface CapacityHost {
  busy(): boolean;
  /** Starts the run (synchronously: it is current when this returns its promise) and resolves when it has ended. */
  launchAndWait(planned: PlannedRun): Promise<{ summary: Summary; file: string | null }>;
  currentRunId(): string | undefined;
  progress(p: CapacityProgress): void;
  log(message: string): void;
}

/**
 * A capacity search started from the dashboard: each step runs through the
 * controller, so the Live page shows it as it goes; Stop ends the search
 * with the step that was running.
 */
export class CapacityRunner {
  private stopped = false;
  running = false;

  constructor(private readonly host: CapacityHost) {}

  start(p: { scenario?: unknown; slo: string; repeat: number }): StartResult {
    if (this.host.busy() || this.running) return { ok: false, errors: [], message: 'a run is already in progress; stop it first' };
    const v = validateScenario(p.scenario);
    if (!v.ok) return { ok: false, errors: v.errors, message: 'invalid scenario' };
    let slo;
    try {
      slo = parseSlo(p.slo);
    } catch (err) {
      return {
        ok: false,
        errors: [{ field: 'slo', reason: (err as SloError).reason }],
        message: (err as SloError).message,
      };
    }
    const refused = admitScenario(v.scenario);
    if (refused.length) return { ok: false, errors: refused, message: refusalMessage(refused) };
    this.running = true;
    this.stopped = false;
    const words = sloText(slo);
    const steps: StepResult[] = [];
    const base: CapacityProgress = { groupId: null, scenario: v.scenario.name, slo: words, limits: slo, probeOpsPerSec: null, steps };
    const search = runCapacity(
      v.scenario,
      slo,
      p.repeat,
      async (scenario, group) => {
        if (this.stopped) return EXIT_FAILED;
        base.groupId = group.id;
        const { summary, file } = await this.host.launchAndWait({ scenario, group });
        if (this.stopped || !JUDGED_OUTCOMES.includes(outcomeOf(summary).kind)) return EXIT_FAILED;
        if (base.probeOpsPerSec === null) base.probeOpsPerSec = summary.total.opsPerSec.mean;
        return { summary, file };
      },
      (line) => this.host.log(line),
      (s) => {
        steps.splice(0, steps.length, ...s);
        this.host.progress({ ...base, steps: [...steps] });
      },
    );
    const runId = this.host.currentRunId()!;
    void search.then((found) => {
      this.running = false;
      if (typeof found === 'number') {
        const why = this.stopped ? 'stopped' : 'failed';
        this.host.progress({
          ...base,
          steps: [...steps],
          end: { answer: `the search ${why} before its answer`, capacity: null, failedAt: null, ended: why },
        });
        return;
      }
      const a = found.answer;
      this.host.progress({
        ...base,
        steps: found.steps,
        end: { answer: answerLine(a, words), capacity: a.capacity, failedAt: a.failedAt, ended: a.ended },
      });
    });
    return { ok: true, runId };
  }

  stop(): void {
    if (this.running) this.stopped = true;
  }
}
