import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { freePort } from './ports';

const HOST = '127.0.0.1';
// A fresh redis-server answers within milliseconds; a slow CI box gets generous room.
const READY_TIMEOUT_MS = 15_000;
const PING_INTERVAL_MS = 50;
const PING_TIMEOUT_MS = 1_000;
// SIGTERM lets redis exit cleanly; a wedged (e.g. SIGSTOPped) server gets SIGKILL after this.
const STOP_GRACE_MS = 5_000;
// A port picked by freePort() can be taken by someone else before redis binds it.
const START_ATTEMPTS = 3;
// Enough of redis's own output to explain a failed start.
const OUTPUT_TAIL_CHARS = 2_000;

export interface RedisServer {
  host: string;
  port: number;
  pid: number;
  /** Kills the server; safe to call more than once. */
  stop(): Promise<void>;
}

export interface RedisServerOptions {
  password?: string;
}

/** Starts a throw-away redis-server on 127.0.0.1 and resolves once it answers PING. */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  assertInstalled();
  let lastError: unknown;
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    try {
      return await startOnce(await freePort(HOST), options);
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

function assertInstalled(): void {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    // Tests that need a real server must fail, not skip, when it is missing.
    throw new Error('redis-server is not installed or not on PATH (apt-get install redis-server); the redis integration tests need it');
  }
}

async function startOnce(port: number, options: RedisServerOptions): Promise<RedisServer> {
  const args = ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no', '--protected-mode', 'no', '--dir', tmpdir()];
  if (options.password !== undefined) args.push('--requirepass', options.password);
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A test run that dies half-way must not leave servers behind.
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= stopChild(child, exited).finally(() => process.removeListener('exit', killOnExit));
    return stopping;
  };

  try {
    await waitForPing(port, options.password, child);
  } catch (err) {
    await stop();
    throw new Error(`redis-server on port ${port} did not start: ${(err as Error).message}\n${output}`);
  }
  return { host: HOST, port, pid: child.pid ?? -1, stop };
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  // A stopped process only acts on SIGTERM once it runs again.
  child.kill('SIGCONT');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), STOP_GRACE_MS)));
  const forced = await Promise.race([exited.then(() => false), timedOut]);
  clearTimeout(timer);
  if (forced) {
    child.kill('SIGKILL');
    await exited;
  }
}

async function waitForPing(port: number, password: string | undefined, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited (${child.exitCode ?? child.signalCode})`);
    try {
      if (await ping(port, password)) return;
      lastError = 'no PONG';
    } catch (err) {
      lastError = (err as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, PING_INTERVAL_MS));
  }
  throw new Error(`no PONG within ${READY_TIMEOUT_MS} ms (${lastError})`);
}

/** One raw RESP round trip, so the helper does not depend on the client under test. */
function ping(port: number, password: string | undefined): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: HOST, port });
    let reply = '';
    socket.setTimeout(PING_TIMEOUT_MS, () => socket.destroy(new Error('ping timed out')));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write((password !== undefined ? resp('AUTH', password) : '') + resp('PING'));
    });
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('+PONG\r\n')) {
        socket.destroy();
        resolve(true);
      } else if (reply.startsWith('-') && reply.includes('\r\n')) {
        socket.destroy();
        resolve(false);
      }
    });
    socket.once('close', () => resolve(false));
  });
}

function resp(...args: string[]): string {
  return `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
}
