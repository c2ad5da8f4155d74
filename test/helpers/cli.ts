import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const CLI = join(__dirname, '..', '..', 'bin', 'kvscope.js');

export interface CliProcess {
  proc: ChildProcess;
  output(): string;
  /** Resolves when the output matches, rejects after the timeout. */
  waitFor(re: RegExp, timeoutMs: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Start `kvscope` in its own process group, as a terminal would run it. */
export function startCli(args: string[], env: NodeJS.ProcessEnv = {}): CliProcess {
  const proc = spawn(process.execPath, [CLI, ...args], {
    detached: true,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
  proc.stderr?.setEncoding('utf8').on('data', (d: string) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    proc.on('exit', (code, signal) => r({ code, signal })),
  );
  return {
    proc,
    output: () => out,
    exited,
    waitFor: (re, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const until = Date.now() + timeoutMs;
        const poll = setInterval(() => {
          if (re.test(out)) {
            clearInterval(poll);
            resolve();
          } else if (Date.now() > until || proc.exitCode !== null) {
            clearInterval(poll);
            reject(new Error(`timed out waiting for ${re}; output:\n${out}`));
          }
        }, 50);
      }),
  };
}

/** Every process below `root` in the process tree, right now. */
export function descendants(root: number): number[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number));
  const out: number[] = [];
  const queue = [root];
  while (queue.length) {
    const p = queue.shift()!;
    for (const [pid, ppid] of rows) {
      if (ppid === p) {
        out.push(pid);
        queue.push(pid);
      }
    }
  }
  return out;
}
