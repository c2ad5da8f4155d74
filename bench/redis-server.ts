import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { onAbort } from './cleanup';
import { freePort } from '../workers/local/free-port';
import { waitForPong } from './redis-ping';
import { REDIS_SERVER, requireRedisServer } from './tools';

export const HOST = '127.0.0.1';
/** A port found free can be taken by someone else before redis binds it; then try another. */
const START_ATTEMPTS = 3;
/** A fresh redis-server answers within milliseconds; a slow CI box gets generous room. */
const READY_TIMEOUT_MS = 15_000;
/** SIGTERM lets redis exit cleanly (instant with persistence off); a wedged server is killed after this. */
const STOP_GRACE_MS = 5_000;
/** Enough of redis's log to explain why it did not start. */
const LOG_TAIL_CHARS = 2_000;

export interface RedisServer {
  readonly host: string;
  readonly port: number;
  readonly pid: number;
  /** SIGTERM, then SIGKILL after STOP_GRACE_MS; safe to call more than once. */
  stop(): Promise<void>;
}

interface RedisServerOptions {
  /** Start with --requirepass; the readiness PING authenticates first. */
  password?: string;
  /** Addresses to listen on besides loopback: only those of network namespaces a test made. */
  alsoBind?: readonly string[];
}

/**
 * A throw-away server for the overhead benchmark and the integration tests:
 * loopback only, a free port, no RDB snapshots and no AOF (so disk I/O never
 * enters the numbers); resolves once it answers PING. A missing redis-server
 * is an error, never a skip.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  requireRedisServer();
  let lastReason = '';
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    const r = await tryStart(await freePort(HOST), options);
    if (typeof r !== 'string') return r;
    lastReason = r;
  }
  throw new Error(`${REDIS_SERVER} did not start after ${START_ATTEMPTS} attempts: ${lastReason}`);
}

/** The running server, or why it did not start. */
async function tryStart(port: number, options: RedisServerOptions): Promise<RedisServer | string> {
  const args = [
    '--port',
    String(port),
    '--bind',
    [HOST, ...(options.alsoBind ?? [])].join(' '),
    '--protected-mode',
    'no',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'no',
    '--dir',
    tmpdir(),
  ];
  if (options.password !== undefined) args.push('--requirepass', options.password);
  const proc = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  // Killed at once if the benchmark or the test process ends before stop().
  const unregister = onAbort(() => proc.kill('SIGKILL'));
  let log = '';
  const keep = (d: Buffer): void => void (log = (log + d.toString('utf8')).slice(-LOG_TAIL_CHARS));
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  let ended: string | undefined;
  proc.on('error', (err) => (ended ??= `cannot run ${REDIS_SERVER}: ${err.message}`));
  const exited = new Promise<void>((resolve) =>
    proc.once('exit', (code, signal) => {
      ended ??= `${REDIS_SERVER} exited (code ${code}, signal ${signal})`;
      resolve();
    }),
  );
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => (stopping ??= stopProcess(proc, exited).finally(unregister));

  const ready = await waitForPong(HOST, port, {
    timeoutMs: READY_TIMEOUT_MS,
    password: options.password,
    gaveUp: () => ended !== undefined,
  });
  const pid = proc.pid;
  if (!ready || pid === undefined) {
    await stop();
    const why = ended ?? `no PONG from ${HOST}:${port} within ${READY_TIMEOUT_MS / 1000} s`;
    return `${why}${log.trim() ? `\n--- redis-server log ---\n${log.trim()}` : ''}`;
  }
  return { host: HOST, port, pid, stop };
}

async function stopProcess(proc: ChildProcess, exited: Promise<void>): Promise<void> {
  // No pid: it never started, and no 'exit' will come.
  if (proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill('SIGTERM');
  // A stopped (SIGSTOPped) server only acts on SIGTERM once it runs again.
  proc.kill('SIGCONT');
  const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
