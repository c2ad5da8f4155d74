import { commandLine, descendants, readProc } from './proc';

/**
 * The parts of kvscope a benchmark charges to it: the load workers, main (the
 * process that runs the Run: here the benchmark itself, as the CLI would), the
 * monitor, the local cluster keepers and any agents it started. A built-in target is the system under
 * test, and servers are nobody's client cost: neither is counted.
 */
export const KVSCOPE_ROLES = ['workers', 'main', 'monitor', 'keepers', 'agents'] as const;
export type Role = (typeof KVSCOPE_ROLES)[number];
export type RoleCpu = Record<Role, number>;

/** Child entries by the compiled script a process runs (main/engine/entries.ts). */
const ENTRY_ROLES: readonly [string, Role][] = [
  ['workers/load/worker.js', 'workers'],
  ['workers/monitor/main.js', 'monitor'],
  ['workers/local/main.js', 'keepers'],
  // `kvscope agent` processes a benchmark starts (bench:agents): the relay's side of a placed run.
  ['kvscope.js agent', 'agents'],
];

interface Snapshot {
  /** A process whose role is unknown here (an exited child not yet reaped has no command line) takes its role from the other snapshot. */
  procs: Map<number, { role: Role | undefined; cpuUs: number }>;
  /**
   * Main's CPU time (µs) read before and after the snapshot's own scan of
   * /proc: main is charged from the end of one snapshot to the start of the
   * next, so the meter's reading of every process is not counted as kvscope's.
   */
  main: { before: number; after: number };
  /** Main's reaped children's CPU time so far: where a process that ended has put its time. */
  reapedUs: number;
}

function roleOf(pid: number): Role | undefined {
  const cmd = commandLine(pid);
  return ENTRY_ROLES.find(([script]) => cmd.includes(script))?.[1];
}

/**
 * Main's CPU time so far: this process's to the microsecond (the kernel's
 * own count, which /proc gives in 10 ms ticks: a tenth of what main spends
 * in a measured round); another's from /proc.
 */
function mainCpuUs(root: number): number {
  if (root !== process.pid) return readProc(root)?.cpuUs ?? 0;
  const c = process.cpuUsage();
  return c.user + c.system;
}

/** CPU time so far of this process (as main) and of every kvscope child below it. */
export function snapshotKvscope(root = process.pid): Snapshot {
  const before = mainCpuUs(root);
  const procs: Snapshot['procs'] = new Map();
  for (const p of descendants(root)) procs.set(p.pid, { role: roleOf(p.pid), cpuUs: p.cpuUs });
  const reapedUs = readProc(root)?.reapedUs ?? 0;
  return { procs, main: { before, after: mainCpuUs(root) }, reapedUs };
}

/**
 * CPU µs per role between two snapshots. A process first seen in `to` started
 * within the window and is charged all of its time. One that ended before
 * `to` (a worker whose drain beat main's end timer, say) is a child of main,
 * so its whole time has moved into main's reaped-children time: the growth of
 * that, less what the ended processes had spent by `from`, is their time in
 * the window (plus their last milliseconds of shutdown: an overestimate, never
 * a loss). It is charged to the first ended process's role, and `ended` says
 * how many there were. The meter assumes no other child of main ends within
 * the window, which holds in the benchmarks (the bare loops run apart).
 */
export function cpuBetween(from: Snapshot, to: Snapshot): { byRole: RoleCpu; ended: number } {
  const byRole: RoleCpu = { workers: 0, main: to.main.before - from.main.after, monitor: 0, keepers: 0, agents: 0 };
  for (const [pid, end] of to.procs) {
    // A worker that exited a moment before `to` and is not reaped yet still shows its CPU time, but no command line.
    const role = end.role ?? from.procs.get(pid)?.role;
    if (role) byRole[role] += end.cpuUs - (from.procs.get(pid)?.cpuUs ?? 0);
  }
  let ended = 0;
  let endedBefore = 0;
  let endedRole: Role | undefined;
  for (const [pid, start] of from.procs) {
    if (to.procs.has(pid) || !start.role) continue;
    ended++;
    endedBefore += start.cpuUs;
    endedRole ??= start.role;
  }
  if (endedRole) byRole[endedRole] += Math.max(0, to.reapedUs - from.reapedUs - endedBefore);
  return { byRole, ended };
}

export const totalCpu = (c: RoleCpu): number => KVSCOPE_ROLES.reduce((a, r) => a + c[r], 0);
