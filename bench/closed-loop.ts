import { performance } from 'node:perf_hooks';
import type { FromBare } from './bare-protocol';
import { errorMessage } from '../app/error-message';
import { live, measuredPhase, type ClosedLoopSettings } from './loop-phase';
import { measuredLoop } from './measured-loop';
import { withSpin } from './spin';

export { live } from './loop-phase';

/**
 * The plainest closed loop a bare baseline runs: `inFlight` operations kept
 * going, every answer after warm-up counted (the ones still in flight at the
 * end included), a failure counted and replaced on the next turn. No
 * histogram, no ticks, no per-op timer: what kvscope adds on top of this is
 * its cost. `answered` tells which rejections are answers (a missing key).
 * With `measure` set, the loop also measures each answer (measured-loop.ts);
 * with `spinNs`, each operation costs that much more pure CPU (spin.ts).
 */
export async function closedLoop(
  c: ClosedLoopSettings,
  issue: () => Promise<unknown>,
  answered: (err: unknown) => boolean = () => false,
): Promise<FromBare & { type: 'result' }> {
  if (c.spinNs) return closedLoop({ ...c, spinNs: undefined }, withSpin(issue, c.spinNs), answered);
  if (c.measure) return measuredLoop(c, issue, answered);
  const phase = measuredPhase(c);
  const { measureFrom } = phase;
  let endAt = measureFrom + c.durationSeconds * 1000;
  let inFlight = 0;
  let issued = 0;
  const maxOps = c.maxOps ?? Infinity;
  let ops = 0;
  let errors = 0;
  const endEarly = (): void => void (endAt = Math.min(endAt, performance.now()));
  live.stop = endEarly;
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
  return phase.result(endAt, ops, errors);
}

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
