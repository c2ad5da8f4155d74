import { findScenario } from '../app/scenario/catalog';
import { opWeights, parseScenario, type Scenario } from '../app/scenario/schema';
import type { BenchOptions } from './options';

/** The catalog scenario whose cost is measured. */
export const SCENARIO_NAME = 'redis-mix';
/** One worker process: the bare loop is one process too, so both have one event loop to spend. */
const WORKERS = 1;

export type RedisScenario = Scenario & { target: Extract<Scenario['target'], { kind: 'redis' }> };

/** redis-mix exactly as catalogued, aimed at our server, with the benchmark's lengths. */
export function benchScenario(host: string, port: number, o: BenchOptions): RedisScenario {
  const base = findScenario(SCENARIO_NAME);
  if (!base) throw new Error(`scenario ${SCENARIO_NAME} is not in the catalog`);
  if (base.target.kind !== 'redis') throw new Error(`scenario ${SCENARIO_NAME} no longer targets redis`);
  const s = parseScenario({
    ...base,
    target: { ...base.target, host, port },
    workers: WORKERS,
    warmupSeconds: o.warmupSeconds,
    durationSeconds: o.seconds,
  });
  if (s.target.kind !== 'redis') throw new Error('unreachable: target kind changed');
  return { ...s, target: s.target };
}

/** Share of GETs in the mix, the one number the bare loop needs to reproduce it. */
export function getShare(s: Scenario): number {
  return opWeights(s).get ?? 0;
}

/** Connections the whole scenario opens: what redis-benchmark's -c should be. */
export function connectionsOf(s: RedisScenario): number {
  return s.workers * s.target.connections;
}
