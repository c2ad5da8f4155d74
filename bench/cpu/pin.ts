import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { findOnPath } from '../../app/host/which';

/** CPU lists (taskset's syntax) for the clients and for the servers. */
export interface PinPlan {
  clients: string;
  servers: string;
}

/**
 * Servers on the last core, clients (kvscope's processes or the bare loop)
 * on the others: a JVM member's collector or JIT then cannot run on the
 * client's core mid-round, which moved one round's CPU per operation by
 * 15-30 % when all shared 2 cores. Undefined on one core or without taskset.
 */
export function pinPlan(): PinPlan | undefined {
  const cores = availableParallelism();
  if (cores < 2 || !findOnPath('taskset')) return undefined;
  return { clients: cores === 2 ? '0' : `0-${cores - 2}`, servers: String(cores - 1) };
}

/** Every thread of the process onto these CPUs; threads and children made later inherit it. */
export function pin(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}
