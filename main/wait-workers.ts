import { prepareAllowanceMs } from '../app/scenario/aerospike-target';
import type { Scenario } from '../app/scenario/schema';
import type { WorkerInfo, WorkerPool } from './worker-pool';

export class StopRequested extends Error {
  constructor() {
    super('stopped before the load began');
  }
}

/** Time for a worker to start its runtime, on top of the scenario's connect timeout. */
export const WORKER_START_MS = 10_000;

/** Resolve when every worker has connected; reject on the first failure, a stop, or the timeout. */
export function waitForWorkers(pool: WorkerPool, s: Scenario, stopped: () => boolean): Promise<WorkerInfo[]> {
  const info: WorkerInfo[] = [];
  let ready = 0;
  return new Promise<WorkerInfo[]>((resolve, reject) => {
    const timeoutMs = WORKER_START_MS + s.opTimeoutMs + prepareAllowanceMs(s.target, s.mix);
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
