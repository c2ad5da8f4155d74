import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { NatsServer } from './nats-server';
import { onAbort } from '../../bench/cleanup';
import { waitGone } from './processes';

export const CLI = join(__dirname, '..', '..', 'bin', 'kvscope.js');
/** An agent connects and says it is up within this. */
const AGENT_UP_MS = 15_000;

export interface Agent {
  name: string;
  child: ChildProcess;
  out: () => string;
}

export interface Finished {
  status: number | null;
  stdout: string;
  stderr: string;
  child: ChildProcess;
}

/**
 * `kvscope agent` as a child, resolved once it waits for runs (or exited).
 * `prefix` runs it through another program that execs it, e.g. `ip netns exec NS`,
 * so the child's pid stays the agent's own and a signal reaches it.
 */
export function startAgent(nats: NatsServer, name: string, env: Record<string, string>, prefix: readonly string[] = []): Promise<Agent> {
  return spawnAgent(name, ['--nats', nats.url, '--nkey', nats.agent(name).seedFile], env, prefix);
}

/** `kvscope agent --name NAME ...flags` as a child, resolved as startAgent's. */
export function spawnAgent(
  name: string,
  flags: readonly string[],
  env: Record<string, string>,
  prefix: readonly string[] = [],
): Promise<Agent> {
  const args = [CLI, 'agent', '--name', name, ...flags];
  const [cmd, ...rest] = [...prefix, process.execPath, ...args];
  const child = spawn(cmd, rest, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  // A test worker ended mid-file still stops its agents (their workers end with the agent's IPC channel).
  child.once(
    'exit',
    onAbort(() => child.kill('SIGKILL')),
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const agent = { name, child, out: () => out };
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`agent ${name} did not come up: ${out}`)), AGENT_UP_MS);
    child.stdout!.on('data', () => out.includes('waiting for runs') && (clearTimeout(t), resolve(agent)));
    child.once('exit', () => (clearTimeout(t), resolve(agent)));
  });
}

/** SIGTERM to every agent; resolves with the pids of those still there after `withinMs`. */
export function stopAgents(agents: readonly Agent[], withinMs = 20_000): Promise<number[]> {
  for (const a of agents) a.child.kill('SIGTERM');
  return waitGone(
    agents.map((a) => a.child.pid!),
    withinMs,
  );
}

/** A running coordinator: the promise of its end, its child (to signal it mid-run) and its standard output so far. */
export type Coordinator = Promise<Finished> & { child: ChildProcess; out: () => string };

/** A kvscope command as a child; the promise also carries the child, to signal it mid-run, and its output so far. */
export function coordinator(args: string[], env: Record<string, string>): Coordinator {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.once(
    'exit',
    onAbort(() => child.kill('SIGKILL')),
  );
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<Finished>((resolve) => child.once('exit', (status) => resolve({ status, stdout, stderr, child })));
  return Object.assign(done, { child, out: () => stdout });
}

/** A measured second is printed within this once a run's workers are up (warm-up and merging included). */
const MEASURED_SECOND_MS = 30_000;

/**
 * Resolves once the coordinator (not --quiet) has printed the line of a
 * measured second: the run's load is under way, warm-up over. Rejects with
 * its output if none comes in time, or if it exits first.
 */
export async function measuring(run: Coordinator): Promise<void> {
  const until = Date.now() + MEASURED_SECOND_MS;
  let exited = false;
  void run.then(() => (exited = true));
  while (!/^ *\d+s run /m.test(run.out())) {
    if (exited || Date.now() > until)
      throw new Error(`no measured second from the coordinator${exited ? ' (it exited)' : ''}: ${run.out()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Resolves once `agent` has logged the workers of a run begun after `from` characters of its output. */
export function agentRunning(agent: Agent, from = 0): Promise<void> {
  return new Promise((resolve) => {
    const wait = setInterval(() => {
      if (!agent.out().slice(from).includes('worker(s), ids')) return;
      clearInterval(wait);
      resolve();
    }, 100);
  });
}

/** The process ids whose parent is `pid`. */
export function childPids(pid: number): number[] {
  return spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);
}

function redisCli(port: number, args: string[]): string {
  return spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { encoding: 'utf8' }).stdout;
}

/** The commands redis answered so far: `cmdstat_get` and `cmdstat_set` calls. */
export function redisCalls(port: number): number {
  let n = 0;
  for (const m of redisCli(port, ['INFO', 'commandstats']).matchAll(/^cmdstat_(get|set):calls=(\d+)/gm)) n += Number(m[2]);
  return n;
}

/** The source addresses of redis's clients now. */
export function redisClientAddresses(port: number): Set<string> {
  return new Set([...redisCli(port, ['CLIENT', 'LIST']).matchAll(/ addr=([\d.]+):\d+ /g)].map((m) => m[1]));
}
