import { join } from 'node:path';
import type { BareStart } from './bare-protocol';
import { pin, pinPlan } from './cpu/pin';
import { pairedRounds } from './paired-bench';
import type { PairedRound } from './run-paired';
import { SCENARIO_NAME, type RedisScenario } from './scenario';

/** The bare ioredis loop (bare-loop.ts), next to this file in dist/bench. */
const BARE_LOOP = join(__dirname, 'bare-loop.js');

/**
 * `bench:overhead --paired`: kvscope and the bare loop against the one
 * redis-server at the same time in each round, read at the same instants
 * (run-paired.ts), then the bare loop beside itself as the round's control,
 * then the floor: the bare loop measuring each answer beside the plain one.
 * Alternating rounds each meet their own moment of a shared host; paired,
 * whatever moves one side's CPU per operation moves the other's alike.
 * redis-benchmark is left out (it would share the clients' CPU too). With a
 * core to spare the server is pinned to the last one and the clients to the
 * others, as in bench:clusters. Returns the rounds for the driver-cost line.
 */
export async function overheadPaired(
  scenario: RedisScenario,
  bare: BareStart,
  rounds: number,
  serverPid: number | undefined,
  print: (line: string) => void,
  sensitivityNs?: number,
): Promise<PairedRound[]> {
  const plan = pinPlan();
  if (plan) {
    pin(process.pid, plan.clients);
    if (serverPid !== undefined) pin(serverPid, plan.servers);
  }
  print(plan ? `pinned: clients on CPU ${plan.clients}, redis-server on CPU ${plan.servers}` : 'not pinned (one core, or no taskset)');
  return pairedRounds(SCENARIO_NAME, scenario, { script: BARE_LOOP, start: bare }, rounds, print, sensitivityNs);
}
