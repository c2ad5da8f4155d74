import { performance } from 'node:perf_hooks';
import type { FromBare } from './bare-protocol';
import { LatencyCounts } from '../workers/load/latency-counts';
import { live, measuredPhase, type ClosedLoopSettings } from './loop-phase';

/** The histogram is encoded as often as a worker sends its tick. */
const ENCODE_EVERY_MS = 1000;

/**
 * The floor: the bare loop (closed-loop.ts) plus what any benchmark that
 * reports latencies must do for each operation, and nothing more. Each of
 * the `inFlight` lanes keeps its operation's start; an answer reads the
 * clock once (that instant also starts the lane's next operation), counts
 * the latency into an HDR histogram laid out as kvscope's workers count
 * theirs (LatencyCounts), and the histogram is encoded once a second. Its
 * CPU per operation over the bare loop's is what measuring every operation
 * costs by itself; kvscope's over it is what kvscope adds beyond that.
 */
export async function measuredLoop(
  c: ClosedLoopSettings,
  issue: () => Promise<unknown>,
  answered: (err: unknown) => boolean,
): Promise<FromBare & { type: 'result' }> {
  // The same bookkeeping as closedLoop's, as the closure's own variables: the answer path reads them as the bare loop's does.
  const phase = measuredPhase(c);
  const { measureFrom } = phase;
  let endAt = measureFrom + c.durationSeconds * 1000;
  let inFlight = 0;
  let issued = 0;
  const maxOps = c.maxOps ?? Infinity;
  let ops = 0;
  let errors = 0;
  const latencies = new LatencyCounts();
  // In a typed array, not a lane's closure: a long-lived closure holding a new time per operation would box
  // it and enter it in the old generation's remembered set, a cost of how it is stored, not of measuring.
  const sentAt = new Float64Array(c.inFlight);
  const encoder = c.encode === false ? undefined : setInterval(() => void latencies.encode(), ENCODE_EVERY_MS);
  live.stop = (): void => void (endAt = Math.min(endAt, performance.now()));
  await new Promise<void>((drained) => {
    const lane = (i: number): void => {
      const onAnswer = (): void => {
        const now = performance.now();
        latencies.record((now - sentAt[i]) * 1000);
        inFlight--;
        live.ops++;
        if (now >= measureFrom) ops++;
        next(now);
      };
      const onError = (err: unknown): void => {
        if (answered(err)) return onAnswer();
        inFlight--;
        live.errors++;
        if (performance.now() >= measureFrom) errors++;
        setImmediate(() => next(performance.now())); // a failure can come back in the same turn; never spin
      };
      const next = (now: number): void => {
        if (issued === maxOps || now >= endAt) {
          if (inFlight === 0) drained();
          return;
        }
        issued++;
        inFlight++;
        sentAt[i] = now;
        issue().then(onAnswer, onError);
      };
      next(performance.now());
    };
    for (let i = 0; i < c.inFlight; i++) lane(i);
  });
  clearInterval(encoder);
  return phase.result(endAt, ops, errors);
}
