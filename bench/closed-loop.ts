import { performance } from 'node:perf_hooks';
import type { FromBare } from './bare-protocol';
import { errorMessage } from '../app/error-message';

interface ClosedLoopSettings {
  inFlight: number;
  warmupSeconds: number;
  durationSeconds: number;
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
  const endAt = measureFrom + c.durationSeconds * 1000;
  let inFlight = 0;
  let ops = 0;
  let errors = 0;
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
      if (performance.now() >= measureFrom) ops++;
      next();
    };
    const onError = (err: unknown): void => {
      if (answered(err)) return onAnswer();
      inFlight--;
      if (performance.now() >= measureFrom) errors++;
      setImmediate(next); // a failure can come back in the same turn; never spin
    };
    function next(): void {
      if (performance.now() >= endAt) {
        if (inFlight === 0) drained();
        return;
      }
      inFlight++;
      issue().then(onAnswer, onError);
    }
    for (let i = 0; i < c.inFlight; i++) next();
  });
  const elu = performance.eventLoopUtilization(eluStart).utilization;
  const cpu = process.cpuUsage(cpuStart);
  return { type: 'result', data: { ops, errors, opsPerSec: ops / c.durationSeconds, elu, cpuUs: cpu.user + cpu.system } };
}

/** A bare-loop child: take one start message, run, report, exit. */
export function bareChild<T>(parse: (raw: unknown) => T | undefined, run: (start: T) => Promise<FromBare>): void {
  process.on('SIGINT', () => undefined);
  process.on('disconnect', () => process.exit(0));
  let started = false;
  const send = (m: FromBare, code: number): void => {
    if (process.connected && process.send) process.send(m, undefined, undefined, () => process.exit(code));
    else process.exit(code);
  };
  process.on('message', (raw: unknown) => {
    const start = parse((raw as { data?: unknown } | null)?.data);
    if (start === undefined || started) return;
    started = true;
    run(start).then(
      (m) => send(m, 0),
      (err: unknown) => send({ type: 'fatal', data: { message: errorMessage(err) } }, 1),
    );
  });
}
