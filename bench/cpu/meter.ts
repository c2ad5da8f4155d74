import { commandLine, descendants, readProc } from './proc';

/**
 * The parts of kvscope a benchmark charges to it: the load workers, main (the
 * process that runs the Run: here the benchmark itself, as the CLI would), the
 * monitor and the local cluster keepers. A built-in target is the system under
 * test, and servers are nobody's client cost: neither is counted.
 */
export const KVSCOPE_ROLES = ['workers', 'main', 'monitor', 'keepers'] as const;
export type Role = (typeof KVSCOPE_ROLES)[number];
export type RoleCpu = Record<Role, number>;

/** Child entries by the compiled script a process runs (main/engine/entries.ts). */
const ENTRY_ROLES: readonly [string, Role][] = [
  ['workers/load/worker.js', 'workers'],
  ['workers/monitor/main.js', 'monitor'],
  ['workers/local/main.js', 'keepers'],
];

type Snapshot = Map<number, { role: Role; cpuUs: number }>;

function roleOf(pid: number): Role | undefined {
  const cmd = commandLine(pid);
  return ENTRY_ROLES.find(([script]) => cmd.includes(script))?.[1];
}

/** CPU time so far of this process (as main) and of every kvscope child below it. */
export function snapshotKvscope(root = process.pid): Snapshot {
  const snap: Snapshot = new Map();
  const self = readProc(root);
  if (self) snap.set(root, { role: 'main', cpuUs: self.cpuUs });
  for (const p of descendants(root)) {
    const role = roleOf(p.pid);
    if (role) snap.set(p.pid, { role, cpuUs: p.cpuUs });
  }
  return snap;
}

/**
 * CPU µs per role between two snapshots. A process first seen in `to` started
 * within the window and is charged all of its time; one gone by `to` cannot be
 * read any more, so `lost` counts it and the caller must not trust the figure.
 */
export function cpuBetween(from: Snapshot, to: Snapshot): { byRole: RoleCpu; lost: number } {
  const byRole: RoleCpu = { workers: 0, main: 0, monitor: 0, keepers: 0 };
  for (const [pid, end] of to) byRole[end.role] += end.cpuUs - (from.get(pid)?.cpuUs ?? 0);
  let lost = 0;
  for (const pid of from.keys()) if (!to.has(pid)) lost++;
  return { byRole, lost };
}

export const totalCpu = (c: RoleCpu): number => KVSCOPE_ROLES.reduce((a, r) => a + c[r], 0);
