import { fork, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { decodeMessage } from '../../app/protocol/envelope';
import { FromTargetSchema, type FromTarget, type ToTarget } from '../../app/protocol/target';

/** The compiled entry main forks; tests run against it, so `npx tsc -p .` must run first. */
export const TARGET_ENTRY = join(__dirname, '..', '..', 'dist', 'workers', 'targets', 'main.js');

/** Long enough for a 2-core machine to fork a cluster; a hang still fails the test well before its own timeout. */
export const WAIT_MS = 15_000;
const POLL_MS = 50;

type Ready = Extract<FromTarget, { type: 'ready' }>['data'];
type Of<T extends FromTarget['type']> = Extract<FromTarget, { type: T }>;

const live = new Set<TargetChild>();

/** A forked built-in target and everything it said; every message is validated as main would. */
export class TargetChild {
  readonly messages: FromTarget[] = [];
  readonly invalid: string[] = [];
  readonly pids: number[] = [];
  stderr = '';
  readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private waiters: Array<() => void> = [];

  constructor(readonly child: ChildProcess) {
    live.add(this);
    if (child.pid !== undefined) this.pids.push(child.pid);
    child.stderr?.on('data', (c: Buffer) => (this.stderr += c.toString()));
    child.stdout?.resume();
    child.on('message', (raw: unknown) => {
      const d = decodeMessage(FromTargetSchema, raw);
      if (d.ok) this.messages.push(d.msg);
      else this.invalid.push(d.reason);
      if (d.ok && d.msg.type === 'ready') this.pids.push(...d.msg.data.pids);
      for (const w of this.waiters) w();
    });
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  static fork(): TargetChild {
    return new TargetChild(fork(TARGET_ENTRY, [], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] }));
  }

  send(m: ToTarget | { type: string; data: unknown }): void {
    this.child.send(m);
  }

  /** The first message of `type` (seen so far or still to come) that passes `pred`. */
  waitFor<T extends FromTarget['type']>(type: T, pred: (m: Of<T>) => boolean = () => true, ms = WAIT_MS): Promise<Of<T>> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const hit = this.messages.find((m): m is Of<T> => m.type === type && pred(m as Of<T>));
        if (!hit) return false;
        cleanup();
        resolve(hit);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching '${type}' within ${ms} ms; got ${JSON.stringify(this.messages)}; stderr: ${this.stderr}`));
      }, ms);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== waiter);
      };
      const waiter = (): void => void check();
      if (!check()) this.waiters.push(waiter);
    });
  }

  /** Send 'start' and resolve with 'ready', or reject with the 'fatal' message. */
  async start(target: unknown, workDir: string): Promise<Ready> {
    this.send({ type: 'start', data: { target, workDir } });
    const m = await this.waitFor('ready', () => true).catch(async (err: unknown) => {
      const fatal = this.messages.find((x) => x.type === 'fatal');
      throw fatal ? new Error(`target failed: ${JSON.stringify(fatal.data)}`) : err;
    });
    return m.data;
  }

  /** Resolve with the exit, or reject if the process is still there after `ms`. */
  exited(ms = WAIT_MS): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return Promise.race([
      this.exit,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`target still running after ${ms} ms`)), ms).unref()),
    ]);
  }

  /** Kill the target and every server process it reported, whatever state the test left them in. */
  kill(): void {
    for (const pid of this.pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

export function killAllTargets(): void {
  for (const t of live) t.kill();
  live.clear();
}

/**
 * Whether a process still runs. A zombie counts as gone: in a container
 * nothing may reap an orphan, yet it no longer serves or holds a port.
 */
export async function waitUntil(cond: () => boolean, what: string, ms = WAIT_MS): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request on a fresh connection, so no pooled socket outlives the test's server. */
export function httpRequest(method: string, url: string, body?: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
