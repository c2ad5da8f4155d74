import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { inheritedFlags } from './memory-reducer';

/** How long a child gets to stop on its own before it is killed. */
export const STOP_GRACE_MS = 5000;
/** How long to wait for the kernel to reap a SIGKILLed child. */
const KILL_WAIT_MS = 2000;
/**
 * A child's last messages (a worker's last tick and 'finished') may still be
 * unread in the IPC pipe when its exit is reported: a busy main can see the
 * exit first. 'exit' is passed on once the channel and stdio have closed
 * ('close'), which comes after every message, or after this long should a
 * grandchild hold a stdio pipe open.
 */
const MESSAGES_DRAIN_MS = 1000;

/** Every child still running; killed when main exits on any path. */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of live) c.kill('SIGKILL');
});

interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when stop() asked for it; false when the child died by itself. */
  requested: boolean;
}

/** How a child ended, with the tail of its stderr to explain a crash. */
export type ChildEnd = ChildExit & { stderr: string };

interface ChildEvents {
  /** A message as the child sent it; the owner validates it against its protocol. */
  message: [unknown];
  'spawn-error': [Error];
  exit: [ChildEnd];
}

interface ForkOptions {
  execPath: string;
  env?: NodeJS.ProcessEnv;
  args?: string[];
  /** Node flags after main's own (which children inherit). */
  execArgv?: string[];
}

/**
 * One child process with an IPC channel. Start it once; stop() asks it to end
 * (the caller's message), then SIGKILLs it after STOP_GRACE_MS. 'exit' is
 * emitted exactly once, on every path.
 */
export class ManagedChild extends EventEmitter<ChildEvents> {
  private proc: ChildProcess | undefined;
  private exited: ChildExit | undefined;
  private stopping = false;

  constructor(
    readonly name: string,
    private readonly modulePath: string,
  ) {
    super();
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  get running(): boolean {
    return this.proc !== undefined && this.exited === undefined;
  }

  start(opts: ForkOptions): void {
    if (this.proc) throw new Error(`${this.name} is already started`);
    const p = fork(this.modulePath, opts.args ?? [], {
      execPath: opts.execPath,
      execArgv: [...inheritedFlags(process.execArgv), ...(opts.execArgv ?? [])],
      env: opts.env ?? process.env,
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      serialization: 'json',
    });
    this.proc = p;
    live.add(p);
    let stderr = '';
    p.stderr?.setEncoding('utf8').on('data', (d: string) => {
      // Keep the tail only: enough to explain a crash.
      stderr = (stderr + d).slice(-4000);
    });
    p.on('message', (m) => this.emit('message', m));
    p.on('error', (err) => this.emit('spawn-error', err));
    p.on('exit', (code, signal) => {
      live.delete(p);
      const exited: ChildExit = { code, signal, requested: this.stopping };
      this.exited = exited;
      let passedOn = false;
      const passOn = (): void => {
        if (passedOn) return;
        passedOn = true;
        clearTimeout(timer);
        this.emit('exit', { ...exited, stderr: stderr.trim() });
      };
      const timer = setTimeout(passOn, MESSAGES_DRAIN_MS);
      p.once('close', passOn);
    });
  }

  send(message: unknown): boolean {
    if (!this.proc || !this.proc.connected) return false;
    try {
      this.proc.send(message as object);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Ask the child to stop with `stopMessage` (if any), then SIGKILL it after
   * `graceMs`. Resolves when it has exited.
   */
  async stop(stopMessage?: unknown, graceMs = STOP_GRACE_MS): Promise<ChildExit> {
    const p = this.proc;
    if (!p) return { code: null, signal: null, requested: true };
    if (this.exited) return this.exited;
    this.stopping = true;
    const done = new Promise<ChildExit>((resolve) => this.once('exit', resolve));
    if (stopMessage === undefined || !this.send(stopMessage)) p.kill('SIGTERM');
    const timer = setTimeout(() => p.kill('SIGKILL'), graceMs);
    const last = setTimeout(() => p.kill('SIGKILL'), graceMs + KILL_WAIT_MS);
    try {
      return await done;
    } finally {
      clearTimeout(timer);
      clearTimeout(last);
    }
  }

  /** Immediate kill, for the second Ctrl-C. */
  kill(): void {
    if (this.running) {
      this.stopping = true;
      this.proc?.kill('SIGKILL');
    }
  }
}
