import { readFileSync } from 'node:fs';

/**
 * True while the process exists and has not exited. A zombie counts as gone:
 * in some containers PID 1 never reaps reparented children.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/** Poll until every pid has exited, or the timeout passes; returns those still alive. */
export async function waitGone(pids: readonly number[], timeoutMs: number): Promise<number[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const left = pids.filter(isAlive);
    if (left.length === 0 || Date.now() > until) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}
