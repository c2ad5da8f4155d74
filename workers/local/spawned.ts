import { spawn, type ChildProcess } from 'node:child_process';

/** A server that ignores SIGTERM this long is killed. */
const SERVER_STOP_GRACE_MS = 5_000;
/** Enough of a server's output to explain why it did not start. */
const LOG_TAIL_CHARS = 2_000;

/** Every server still running; killed when main exits on any path. */
const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const p of live) p.kill('SIGKILL');
});

/** A server process kvscope started (a Redis master, a Hazelcast member): its output tail and an idempotent stop. */
export class SpawnedServer {
  readonly proc: ChildProcess;
  private log = '';
  private ended: string | undefined;
  private readonly exited: Promise<void>;
  private stopping: Promise<void> | undefined;

  constructor(command: string, args: string[], cwd?: string) {
    this.proc = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(this.proc);
    const keep = (d: Buffer): void => void (this.log = (this.log + d.toString('utf8')).slice(-LOG_TAIL_CHARS));
    this.proc.stdout?.on('data', keep);
    this.proc.stderr?.on('data', keep);
    this.proc.on('error', (err) => (this.ended ??= `cannot run ${command}: ${err.message}`));
    this.exited = new Promise((resolve) =>
      this.proc.once('exit', (code, signal) => {
        live.delete(this.proc);
        this.ended ??= `${command} exited (code ${code}, signal ${signal})`;
        resolve();
      }),
    );
  }

  get pid(): number | undefined {
    return this.proc.pid;
  }

  /** Settles once the process has exited (started or not). */
  get gone(): Promise<void> {
    return this.exited;
  }

  /** Why it ended, if it has. */
  get endedBecause(): string | undefined {
    return this.ended;
  }

  get output(): string {
    return this.log.trim();
  }

  /** SIGTERM, then SIGKILL after the grace period; resolves once the process is gone. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      if (this.proc.pid === undefined || this.proc.exitCode !== null || this.proc.signalCode !== null) return;
      this.proc.kill('SIGTERM');
      this.proc.kill('SIGCONT'); // a stopped process acts on SIGTERM only once it runs again
      const timer = setTimeout(() => this.proc.kill('SIGKILL'), SERVER_STOP_GRACE_MS);
      await this.exited;
      clearTimeout(timer);
    })();
    return this.stopping;
  }
}
