import { fork, spawn, type ChildProcess } from 'node:child_process';

/** A child that hangs fails its test well before vitest's own timeout. */
export const CHILD_WAIT_MS = 15_000;

export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const live = new Set<ChildProcess>();

/** A forked child, what it sent over IPC and the lines it wrote to stderr. */
export class ForkedChild {
  readonly messages: { type: string; data: unknown }[] = [];
  readonly lines: string[] = [];
  readonly ended: Promise<Ended>;
  /** Set as soon as it has exited. */
  end: Ended | undefined;
  private waiters: Array<() => void> = [];
  private stderr = '';

  constructor(readonly proc: ChildProcess) {
    live.add(proc);
    proc.stdout?.resume();
    proc.stderr?.setEncoding('utf8').on('data', (d: string) => {
      this.stderr += d;
      const parts = this.stderr.split('\n');
      this.stderr = parts.pop() ?? '';
      this.lines.push(...parts);
      this.wake();
    });
    proc.on('message', (m: { type: string; data: unknown }) => {
      this.messages.push(m);
      this.wake();
    });
    this.ended = new Promise((resolve) =>
      proc.once('exit', (code, signal) => {
        live.delete(proc);
        this.end = { code, signal };
        resolve(this.end);
        this.wake();
      }),
    );
  }

  /** Fork `modulePath` as main does, with an IPC channel and stdin, stdout and stderr piped. */
  static fork(modulePath: string, env: NodeJS.ProcessEnv = process.env): ForkedChild {
    return new ForkedChild(fork(modulePath, [], { env, stdio: ['pipe', 'pipe', 'pipe', 'ipc'], serialization: 'json' }));
  }

  /** Start `modulePath` on plain node, without an IPC channel. */
  static spawnWithoutIpc(modulePath: string): ForkedChild {
    return new ForkedChild(spawn(process.execPath, [modulePath], { stdio: ['ignore', 'pipe', 'pipe'] }));
  }

  send(m: { type: string; data: unknown }): void {
    this.proc.send(m);
  }

  /** Resolve once `cond` holds, checked whenever the child says something or exits. */
  until(cond: () => boolean, what: string, ms = CHILD_WAIT_MS): Promise<void> {
    return new Promise((resolve, reject) => {
      const fail = (why: string): void => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
        reject(new Error(`no ${what} ${why}; messages ${JSON.stringify(this.messages)}; stderr ${this.lines.join(' | ')}`));
      };
      const check = (): void => {
        if (!cond()) {
          // An exited child says nothing more: fail now rather than at the timeout.
          if (this.end) fail(`before it exited (${JSON.stringify(this.end)})`);
          return;
        }
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
        resolve();
      };
      const timer = setTimeout(() => fail(`within ${ms} ms`), ms);
      this.waiters.push(check);
      check();
    });
  }

  /** The first log line main would get whose text matches `re`. */
  async logMatching(re: RegExp): Promise<void> {
    const hit = (): boolean => this.messages.some((m) => m.type === 'log' && re.test((m.data as { message: string }).message));
    await this.until(hit, `log line matching ${re}`);
  }

  /** Resolve with how it ended, or reject if it is still running after `ms`. */
  async exited(ms = CHILD_WAIT_MS): Promise<Ended> {
    await this.until(() => this.end !== undefined, 'exit', ms);
    return this.ended;
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }
}

/** SIGKILL every child a test started and that is still there, whatever path the test took. */
export function killForkedChildren(): void {
  for (const p of live) p.kill('SIGKILL');
  live.clear();
}
