/**
 * CPU time of processes as the kernel accounts it (/proc/PID/stat, user +
 * system, every thread), read from outside: what a benchmark judges cost on,
 * since a busy neighbour slows a process down but does not add to its CPU time.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Used when `getconf CLK_TCK` cannot be asked; the value of every Linux build in use. */
const DEFAULT_CLOCK_TICKS = 100;
const US_PER_S = 1e6;
// Fields of /proc/PID/stat counted from the one after the command's closing parenthesis.
const PPID_FIELD = 1;
const UTIME_FIELD = 11;
const STIME_FIELD = 12;
const CUTIME_FIELD = 13;
const CSTIME_FIELD = 14;

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      const n = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
      ticksPerSecond = Number.isInteger(n) && n > 0 ? n : DEFAULT_CLOCK_TICKS;
    } catch {
      ticksPerSecond = DEFAULT_CLOCK_TICKS;
    }
  }
  return ticksPerSecond;
}

export interface ProcCpu {
  pid: number;
  ppid: number;
  /** User + system CPU time so far, µs (the kernel counts it in clock ticks: 10 ms steps). */
  cpuUs: number;
  /** The whole CPU time of its children that have ended and been reaped, µs. */
  reapedUs: number;
}

/** One process's CPU time, or undefined once it is gone. */
export function readProc(pid: number): ProcCpu | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name may hold spaces and parentheses: the fields start after the last ')'.
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const us = (a: number, b: number): number => ((Number(f[a]) + Number(f[b])) * US_PER_S) / clockTicks();
  return { pid, ppid: Number(f[PPID_FIELD]), cpuUs: us(UTIME_FIELD, STIME_FIELD), reapedUs: us(CUTIME_FIELD, CSTIME_FIELD) };
}

/** The command line of a process, its arguments joined by spaces; '' once it is gone. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** Every process below `root` (children, their children, ...), not `root` itself. */
export function descendants(root: number): ProcCpu[] {
  const all: ProcCpu[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const p = readProc(Number(name));
    if (p) all.push(p);
  }
  const below = new Set([root]);
  const out: ProcCpu[] = [];
  // Parents can carry higher pids than their children once pids wrap: repeat until nothing is added.
  for (let added = true; added;) {
    added = false;
    for (const p of all) {
      if (!below.has(p.pid) && below.has(p.ppid)) {
        below.add(p.pid);
        out.push(p);
        added = true;
      }
    }
  }
  return out;
}
