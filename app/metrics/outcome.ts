/**
 * What a run's numbers are worth, decided in one place: the CLI's exit code,
 * the summary table, the run file, the Runs list and the Live badge all show
 * this verdict and its reason instead of judging the run themselves.
 */

/** How the run ended, as written by every kvscope version (old files carry only this). */
export type RunStatus = 'done' | 'stopped' | 'failed' | 'interrupted';

export type OutcomeKind = 'done' | 'done with errors' | 'degraded' | 'failed' | 'stopped' | 'interrupted';

/** Errors + timeouts above this share of all operations make a run "done with errors". */
export const DEFAULT_MAX_ERROR_RATE = 0.01;

export interface LostWorker {
  id: number;
  /** The run's second (counted from t0, warm-up included) in which it was lost. */
  second: number;
  /** Where it ran, when not on the coordinator ("agent NAME"). */
  place?: string;
}

export interface LostNode {
  id: string;
  /** The first second in which the node no longer reported. */
  second: number;
  /** Its cluster was taking it out (leaving) in its last reported second: a removal, not a crash; the run still lost it. */
  left?: boolean;
}

export interface Outcome {
  kind: OutcomeKind;
  /** One line for people: why the run got this verdict ('' for a clean run). */
  reason: string;
  /** Measured seconds in which every expected worker reported. */
  fullStrengthSeconds: number;
  /** Failed operations (errors, timeouts, unavailable) / all operations of the measured phase. */
  errorRate: number;
  lostWorkers?: LostWorker[];
  lostNodes?: LostNode[];
}

/** Everything the verdict depends on; the summary supplies the counts, the run its events. */
export interface OutcomeInput {
  status: RunStatus;
  measuredSeconds: number;
  fullStrengthSeconds: number;
  ops: number;
  errors: number;
  timeouts: number;
  /** Operations that never reached the target. */
  unavailable?: number;
  /** Measured seconds in which operations were tried and none was answered (a client backing off tries few). */
  unansweredSeconds?: number;
  firstUnansweredSecond?: number;
  maxErrorRate?: number;
  /** Workers the scenario started; every one lost means the run failed. */
  workers?: number;
  lostWorkers?: readonly LostWorker[];
  lostNodes?: readonly LostNode[];
  /** Why main ended the run, if it did. */
  failure?: string;
  /** The first error logged during the run (a worker's or main's). */
  firstError?: string;
}

/** The verdict: a pure function of the run's counts and events. */
export function decideOutcome(i: OutcomeInput): Outcome {
  const failedOps = i.errors + i.timeouts + (i.unavailable ?? 0);
  const attempted = i.ops + failedOps;
  const errorRate = attempted > 0 ? failedOps / attempted : 0;
  const lostWorkers = [...(i.lostWorkers ?? [])];
  const lostNodes = [...(i.lostNodes ?? [])];
  const base = {
    fullStrengthSeconds: i.fullStrengthSeconds,
    errorRate,
    ...(lostWorkers.length ? { lostWorkers } : {}),
    ...(lostNodes.length ? { lostNodes } : {}),
  };
  const cause = i.failure ?? i.firstError;
  const failed = (reason: string): Outcome => ({ kind: 'failed', reason, ...base });
  const lostList = lostWorkers.map((w) => `worker ${w.id}${w.place ? ` on ${w.place}` : ''} lost at second ${w.second}`).join(', ');
  if (i.status === 'interrupted')
    return { kind: 'interrupted', reason: 'the file ends without a summary (kvscope stopped mid-run)', ...base };
  if (i.workers !== undefined && i.workers > 0 && lostWorkers.length >= i.workers) return failed(`every worker was lost (${lostList})`);
  if (i.status === 'failed') return failed(cause ?? 'the run failed');
  if (i.status === 'done' && i.ops === 0) return failed(cause ? `nothing was measured: ${cause}` : 'nothing was measured');
  const parts: string[] = [];
  if (lostList) parts.push(lostList);
  if (lostNodes.length)
    parts.push(lostNodes.map((n) => `node ${n.id} ${n.left ? 'left (was leaving)' : 'lost'} at second ${n.second}`).join(', '));
  if (parts.length) parts.push(`${i.fullStrengthSeconds} of ${i.measuredSeconds} measured s at full strength`);
  const limit = i.maxErrorRate ?? DEFAULT_MAX_ERROR_RATE;
  const unanswered = i.unansweredSeconds ?? 0;
  if (unanswered > 0)
    parts.push(`no operation answered in ${unanswered} of ${i.measuredSeconds} measured s (from second ${i.firstUnansweredSecond})`);
  if (errorRate > limit) parts.push(`${pct(errorRate)} of operations failed (limit ${pct(limit)})${cause ? `, first: ${cause}` : ''}`);
  const reason = parts.join('; ');
  if (i.status === 'stopped')
    return { kind: 'stopped', reason: reason ? `stopped by the user; ${reason}` : 'stopped by the user', ...base };
  if (lostWorkers.length || lostNodes.length) return { kind: 'degraded', reason, ...base };
  if (errorRate > limit || unanswered > 0) return { kind: 'done with errors', reason, ...base };
  return { kind: 'done', reason: '', ...base };
}

/** The outcome of any summary, including one written before outcomes existed. */
export function outcomeOf(s: { status: RunStatus; seconds: number; outcome?: Outcome }): Outcome {
  if (s.outcome) return s.outcome;
  return { kind: s.status, reason: '', fullStrengthSeconds: s.seconds, errorRate: 0 };
}

/** The verdict a run's RunStatus records: a run whose numbers are worthless is 'failed' for older readers too. */
export function statusFor(status: RunStatus, o: Outcome): RunStatus {
  return o.kind === 'failed' ? 'failed' : status;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(x < 0.1 ? 2 : 1)} %`;
}
