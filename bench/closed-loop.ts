import { performance } from 'node:perf_hooks';
import type { FromBare } from './bare-protocol';
import { errorMessage } from '../app/error-message';

interface ClosedLoopSettings {
  inFlight: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Issue no more than this many operations (bench:drivers counts runs in operations); no bound when absent. */
  maxOps?: number;
}

/**
 * The plainest closed loop a bare baseline runs: `inFlight` operations kept
 * going, every answer after warm-up counted (the ones still in flight at the
 * end included), a failure counted and replaced on the next turn. No
 * histogram, no ticks, no per-op timer: what kvscope adds on top of this is
 * its cost. `answered` tells which rejections are answers (a missing key).
 */
export async function closedLoop(
  c: ClosedLoopSettings,
  issue: () => Promise<unknown>,
  answered: (err: unknown) => boolean = () => false,
): Promise<FromBare & { type: 'result' }> {
  const measureFrom = performance.now() + c.warmupSeconds * 1000;
  let endAt = measureFrom + c.durationSeconds * 1000;
  let inFlight = 0;
  let issued = 0;
  const maxOps = c.maxOps ?? Infinity;
  let ops = 0;
  let errors = 0;
  const endEarly = (): void => void (endAt = Math.min(endAt, performance.now()));
  live.stop = endEarly;
  let eluStart = performance.eventLoopUtilization();
  let cpuStart = process.cpuUsage();
  setTimeout(
    () => {
      eluStart = performance.eventLoopUtilization();
      cpuStart = process.cpuUsage();
    },
    Math.max(0, measureFrom - performance.now()),
  );
  await new Promise<void>((drained) => {
    const onAnswer = (): void => {
      inFlight--;
      live.ops++;
      if (performance.now() >= measureFrom) ops++;
      next();
    };
    const onError = (err: unknown): void => {
      if (answered(err)) return onAnswer();
      inFlight--;
      live.errors++;
      if (performance.now() >= measureFrom) errors++;
      setImmediate(next); // a failure can come back in the same turn; never spin
    };
    function next(): void {
      if (issued === maxOps || performance.now() >= endAt) {
        if (inFlight === 0) drained();
        return;
      }
      issued++;
      inFlight++;
      issue().then(onAnswer, onError);
    }
    for (let i = 0; i < c.inFlight; i++) next();
  });
  const elu = performance.eventLoopUtilization(eluStart).utilization;
  const cpu = process.cpuUsage(cpuStart);
  // Stopped early (a paired round), the measured seconds are those it ran.
  const seconds = Math.max(0, Math.min(c.durationSeconds, (endAt - measureFrom) / 1000));
  return { type: 'result', data: { ops, errors, opsPerSec: seconds ? ops / seconds : 0, elu, cpuUs: cpu.user + cpu.system } };
}

/**
 * The running loop's answers and failures since it started, warm-up included,
 * and a way to end it early: what a paired round (run-paired.ts) reads at the
 * edges of kvscope's measured seconds, and how it ends the bare side after.
 * A child running another loop (clusters/loop-child.ts) sets `stop` and
 * `pending` (what its loop holds that `ops` and `errors` do not count yet).
 */
export const live = {
  ops: 0,
  errors: 0,
  stop: (): void => undefined,
  pending: (): { ops: number; errors: number } => NOTHING_PENDING,
};
const NOTHING_PENDING = { ops: 0, errors: 0 };

/** This process's counts and CPU time so far, read at one instant. */
function markNow(): FromBare {
  const cpu = process.cpuUsage();
  const p = live.pending();
  return { type: 'mark', data: { ops: live.ops + p.ops, errors: live.errors + p.errors, cpuUs: cpu.user + cpu.system } };
}

/**
 * A bare-loop child: take one start message, run, report, exit. A `mark`
 * message is answered with markNow(), a `stop` ends the loop early (it then
 * reports as usual).
 */
export function bareChild<T>(parse: (raw: unknown) => T | undefined, run: (start: T) => Promise<FromBare>): void {
  process.on('SIGINT', () => undefined);
  process.on('disconnect', () => process.exit(0));
  let started = false;
  const send = (m: FromBare, code: number): void => {
    if (process.connected && process.send) process.send(m, undefined, undefined, () => process.exit(code));
    else process.exit(code);
  };
  process.on('message', (raw: unknown) => {
    const type = (raw as { type?: unknown } | null)?.type;
    if (type === 'mark') return process.send?.(markNow());
    if (type === 'stop') return live.stop();
    const start = parse((raw as { data?: unknown } | null)?.data);
    if (start === undefined || started) return;
    started = true;
    run(start).then(
      (m) => send(m, 0),
      (err: unknown) => send({ type: 'fatal', data: { message: errorMessage(err) } }, 1),
    );
  });
}
