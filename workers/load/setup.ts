import { opWeights, runSeconds, shareOf, type Scenario } from '../../app/scenario/schema';
import { TARGET_OPS, WRITE_OP } from '../../app/scenario/targets';
import type { WorkerStart } from '../../app/protocol/worker';
import type { Driver } from './driver';
import { Rng } from './keys';
import { LoadLoop, type LoopOptions } from './loop';
import { keyChooser } from './key-chooser';
import { cumulativeWeights, OpPicker } from './picker';
import { Recorder } from './recorder';

/** Distinct, reproducible random streams per worker from one scenario seed. */
const WORKER_SEED_STRIDE = 1_000_003;

/** Turn a scenario and this worker's place in it into a ready load loop. */
export function buildLoop(s: Scenario, start: WorkerStart, driver: Driver, t0Perf: number, onFailure?: LoopOptions['onFailure']): LoadLoop {
  const weights = opWeights(s);
  const ops = TARGET_OPS[s.target.kind].filter((o) => weights[o] !== undefined);
  const rng = new Rng(s.seed * WORKER_SEED_STRIDE + start.id + 1);
  const cum = cumulativeWeights(ops, weights);
  const write = WRITE_OP[s.target.kind];
  const cycle: [number, number, number] | undefined =
    s.readsPerWrite !== undefined && write ? [ops.indexOf('get'), ops.indexOf(write), s.readsPerWrite] : undefined;
  // A reads-per-write cycle is each closed-loop slot's own; a weighted mix is one picker for all (the same draws, in
  // the same order), whose one hot object stays in cache where a picker per slot cost a cache line per operation.
  // The cycle's writes are its own op index; a weighted mix's write is the target's write op, where the mix has it.
  const writeOp = cycle ? cycle[1] : write ? ops.indexOf(write) : -1;
  const keys = keyChooser(s.keyDistribution, s.keySpace, rng, { id: start.id, of: start.of });
  const pickers = Array.from(
    { length: cycle && s.rate === undefined ? s.inFlight : 1 },
    () => new OpPicker(rng, cum, keys, s.keyLength, cycle, writeOp),
  );
  // Without warm-up every operation is measured, including any the timer starts a hair before t0.
  const measureFrom = s.warmupSeconds === 0 ? -Infinity : t0Perf + s.warmupSeconds * 1000;
  return new LoadLoop({
    driver,
    recorder: new Recorder(ops),
    pickers,
    inFlight: s.inFlight,
    rate: s.rate === undefined ? undefined : s.rate / start.of,
    measureFrom,
    endAt: t0Perf + (s.warmupSeconds + runSeconds(s)) * 1000,
    budget: s.totalOps === undefined ? undefined : shareOf(s.totalOps, start.id, start.of),
    opTimeoutMs: s.opTimeoutMs,
    onFailure,
  });
}
