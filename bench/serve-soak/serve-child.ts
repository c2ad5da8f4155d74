import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { onAbort } from '../cleanup';
import { packageRoot } from '../../main/engine/entries';
import { NO_MEMORY_REDUCER } from '../../main/engine/memory-reducer';

/** Loopback only: the soak's server, runs and imports never leave this machine. */
export const HOST = '127.0.0.1';
/** What `kvscope serve` prints once it listens; the token in it is the secret every request proves. */
const PRINTED = /kvscope dashboard: (http:\/\/127\.0\.0\.1:\d+\/)\?token=([A-Za-z0-9_-]+)\n/;
/** Start-up of the CLI (a tsc build, the renderer checked) on a slow, shared box. */
const START_TIMEOUT_MS = 20_000;
/**
 * Ctrl-C lets serve stop a running benchmark in order (the workers' last
 * seconds, the run file's summary); a serve still up after this is killed
 * with everything it started.
 */
const STOP_GRACE_MS = 30_000;
/** Enough of serve's output to explain why it did not start or what it refused. */
const LOG_TAIL_CHARS = 4000;

export interface ServeChild {
  pid: number;
  /** The dashboard's address, without the token. */
  url: string;
  secret: string;
  /** The tail of what serve printed. */
  log(): string;
  /** False once serve has exited, by itself or stopped. */
  alive(): boolean;
  /** SIGINT, then SIGKILL to its whole process group after STOP_GRACE_MS; safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * `kvscope serve` as a user starts it (node without V8's memory reducer, the
 * `kvscope` command's own first line), in a process group of its own so
 * that its workers and built-in servers go with it on a kill, and so that a
 * Ctrl-C in the bench's terminal reaches the bench alone.
 */
export async function startServe(runsDir: string, configDir: string): Promise<ServeChild> {
  const cli = join(packageRoot(), 'bin', 'kvscope.js');
  const args = [NO_MEMORY_REDUCER, cli, 'serve', '--host', HOST, '--port', '0', '--runs-dir', runsDir];
  // Its own config folder: no config.json of the user's (a NATS of agents, say) changes what is measured.
  const env = { ...process.env, KVSCOPE_CONFIG_DIR: configDir };
  const proc = spawn(process.execPath, args, { detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const unregister = onAbort(() => killGroup(proc));
  let out = '';
  const keep = (d: Buffer): void => void (out = (out + d.toString('utf8')).slice(-LOG_TAIL_CHARS));
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.on('error', (err) => void (out += `\ncannot start kvscope serve: ${err.message}`));
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => (stopping ??= stopServe(proc, exited).finally(unregister));
  try {
    const [, url, secret] = await printed(() => out, exited);
    const alive = (): boolean => proc.exitCode === null && proc.signalCode === null;
    return { pid: proc.pid ?? -1, url, secret, log: () => out, alive, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function printed(out: () => string, exited: Promise<void>): Promise<RegExpExecArray> {
  let gone = false;
  void exited.then(() => (gone = true));
  const until = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const m = PRINTED.exec(out());
    if (m) return m;
    if (gone || Date.now() > until) throw new Error(`kvscope serve did not print its address:\n${out().trim()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stopServe(proc: ChildProcess, exited: Promise<void>): Promise<void> {
  // No pid: it never started, and no 'exit' will come.
  if (proc.pid === undefined) return;
  if (proc.exitCode === null && proc.signalCode === null) {
    proc.kill('SIGINT');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, STOP_GRACE_MS)))]);
    clearTimeout(timer);
  }
  // Whatever of its group is still there (a child serve did not stop, or serve itself past the grace).
  killGroup(proc);
  await exited;
}

/** Synchronous, so it also serves the bench's exit hook. */
function killGroup(proc: ChildProcess): void {
  if (proc.pid === undefined) return;
  try {
    process.kill(-proc.pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is gone already.
  }
}
