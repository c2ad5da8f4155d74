import { availableParallelism } from 'node:os';
import { prepareAllowanceMs } from '../../app/scenario/prepare-allowance';
import type { Scenario } from '../../app/scenario/schema';
import type { LoadPool, WorkerInfo } from './worker-pool';

export class StopRequested extends Error {
  constructor() {
    super('stopped before the load began');
  }
}

/** Time for a worker to start its runtime, on top of the scenario's connect timeout. */
const WORKER_START_MS = 10_000;
/**
 * More time per worker: they start side by side, so on a small machine 64
 * Node runtimes loading their client libraries take many seconds of CPU
 * between them before the last one connects (on 2 cores a 1 s run of 64
 * took 18 to 33 s from start to end, past the fixed allowance alone).
 */
const WORKER_START_PER_WORKER_MS = 750;
/** More workers than this per core compete for CPU with one another: the numbers measure that contention. */
export const MAX_WORKERS_PER_CORE = 4;

/** How long the workers of a scenario get to connect, all together. */
export function workerConnectTimeoutMs(s: Scenario): number {
  return WORKER_START_MS + s.workers * WORKER_START_PER_WORKER_MS + s.opTimeoutMs + prepareAllowanceMs(s.target, s.mix);
}

/** A warning for a scenario with more workers than the machine's cores can run side by side, else none. */
export function crowdingWarnings(workers: number, cores = availableParallelism()): string[] {
  if (workers <= cores * MAX_WORKERS_PER_CORE) return [];
  return [
    `${workers} workers on ${cores} core(s) is over ${MAX_WORKERS_PER_CORE} per core: they compete for CPU, so the client may limit the numbers and starting takes longer`,
  ];
}

/** Resolve when every worker has connected; reject on the first failure, a stop, or the timeout. */
export function waitForWorkers(pool: LoadPool, s: Scenario, stopped: () => boolean): Promise<WorkerInfo[]> {
  const info: WorkerInfo[] = [];
  let ready = 0;
  return new Promise<WorkerInfo[]>((resolve, reject) => {
    const timeoutMs = workerConnectTimeoutMs(s);
    const check = setInterval(() => stopped() && done(new StopRequested()), 50);
    const timer = setTimeout(() => done(new Error(`workers did not connect within ${timeoutMs / 1000} s`)), timeoutMs);
    const onReady = (id: number, i: WorkerInfo): void => {
      info[id] = i;
      if (++ready === pool.size) done();
    };
    const onFatal = (id: number, message: string): void => done(new Error(`worker ${id}: ${message}`));
    const onDied = (_id: number, description: string): void => done(new Error(description));
    function done(err?: Error): void {
      clearInterval(check);
      clearTimeout(timer);
      pool.off('ready', onReady).off('fatal', onFatal).off('died', onDied);
      if (err) reject(err);
      else resolve(info);
    }
    pool.on('ready', onReady).on('fatal', onFatal).on('died', onDied);
  });
}
