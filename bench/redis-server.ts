import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { onAbort } from './cleanup';
import { waitForPong } from './redis-ping';
import { REDIS_SERVER } from './tools';

export const HOST = '127.0.0.1';
/** A port found free can be taken by someone else before redis binds it; then try another. */
const START_ATTEMPTS = 3;
/** redis-server is ready well within this on any machine that can run the benchmark. */
const READY_TIMEOUT_MS = 10_000;
/** SHUTDOWN-on-SIGTERM is instant with persistence off; past this it is killed. */
const STOP_GRACE_MS = 3_000;
/** Enough of redis's log to explain why it did not start. */
const LOG_TAIL_CHARS = 2_000;

export interface RedisServer {
  readonly port: number;
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, HOST, () => {
      const addr = s.address();
      s.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no free port'))));
    });
  });
}

/** A throw-away server: loopback only, no RDB snapshots, no AOF, so disk I/O never enters the numbers. */
export async function startRedisServer(): Promise<RedisServer> {
  let lastReason = '';
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    const port = await freePort();
    const r = await tryStart(port);
    if (typeof r !== 'string') return r;
    lastReason = r;
  }
  throw new Error(`${REDIS_SERVER} did not start after ${START_ATTEMPTS} attempts: ${lastReason}`);
}

async function tryStart(port: number): Promise<RedisServer | string> {
  const args = ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', tmpdir()];
  const proc = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const unregister = onAbort(() => proc.kill('SIGKILL'));
  let log = '';
  const keep = (d: Buffer): void => void (log = (log + d.toString('utf8')).slice(-LOG_TAIL_CHARS));
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  let ended: string | undefined;
  proc.on('error', (err) => (ended ??= `cannot run ${REDIS_SERVER}: ${err.message}`));
  proc.once('exit', (code, signal) => (ended ??= `${REDIS_SERVER} exited (code ${code}, signal ${signal})`));
  const ready = await waitForPong(HOST, port, READY_TIMEOUT_MS, () => ended !== undefined);
  if (!ready) {
    await stopProcess(proc);
    unregister();
    const why = ended ?? `no PONG from ${HOST}:${port} within ${READY_TIMEOUT_MS / 1000} s`;
    return `${why}${log.trim() ? `\n--- redis-server log ---\n${log.trim()}` : ''}`;
  }
  return {
    port,
    pid: proc.pid,
    stop: async () => {
      await stopProcess(proc);
      unregister();
    },
  };
}

function stopProcess(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null || proc.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_GRACE_MS);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    proc.kill('SIGTERM');
  });
}
