import { readFileSync } from 'node:fs';

/** A process kvscope started for the target (a built-in server, a local member) and the name the Live view gives it. */
export interface ServerProcess {
  name: string;
  pid: number;
}

/**
 * utime and stime are the 14th and 15th fields of /proc/PID/stat, counted
 * after the command name, which is in parentheses and may hold spaces and
 * parentheses itself: the fields start after its last ')'. Field 3 (state)
 * is the first after it, so utime is the 12th of them.
 */
const UTIME_AFTER_NAME = 11;

/**
 * A process's CPU time since it started, user and system, in the clock ticks
 * /proc/stat counts in (all of its threads: a JVM's GC and compiler threads
 * are the member's cost too). Undefined when the process is gone or the
 * system has no /proc.
 */
export function processTicks(pid: number, statText = readStat(pid)): number | undefined {
  if (statText === undefined) return undefined;
  const close = statText.lastIndexOf(')');
  if (close < 0) return undefined;
  const f = statText
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const utime = Number(f[UTIME_AFTER_NAME]);
  const stime = Number(f[UTIME_AFTER_NAME + 1]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? utime + stime : undefined;
}

function readStat(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
}
