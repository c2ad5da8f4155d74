/**
 * `npm run bench:agents [-- --rounds N --seconds S]`: the same redis-mix load
 * (2 workers x 32 in flight) from local workers only, then from 2 agents
 * (separate `kvscope agent` processes here, over a local nats-server), the
 * order alternating. Judged on kvscope's CPU µs per operation, agents' runs
 * against local ones: what relaying over NATS and merging costs (target:
 * under 3 % more). The agent processes count as kvscope; nats-server and
 * redis-server, like any server, do not (nats-server's share is printed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fmtInt } from '../app/report/numbers';
import { findScenario } from '../app/scenario/catalog';
import { parseScenario, type Scenario } from '../app/scenario/schema';
import { AgentDirectory } from '../main/nats/agent-directory';
import { connectNats } from '../main/nats/connect';
import { freePort } from '../workers/local/free-port';
import { installExitHandlers, onAbort, runBench } from './cleanup';
import { FIXED_HEAP_FLAGS, fixedHeapLine } from './fixed-heap';
import { judge, median, RESOLUTION_MARGINS, UNRESOLVED_HINT } from './cpu/verdict';
import { pin, pinPlan } from './cpu/pin';
import { readProc } from './cpu/proc';
import { optionsOrUsage, type BenchOptions } from './options';
import { startRedisServer } from './redis-server';
import { runKvscope, type KvscopeResult } from './run-kvscope';
import { machineLine } from './machine';

const CLI = join(__dirname, '..', '..', 'bin', 'kvscope.js');
const AGENTS = ['bench-a1', 'bench-a2'];
const IN_FLIGHT = 32;
/** At most this much more CPU per operation with the workers on agents (issue 19). */
const TARGET_RATIO = 1.03;
const AGENT_UP_MS = 15_000;
const STOP_GRACE_MS = 5_000;
const print = (line: string): void => void process.stdout.write(`${line}\n`);

function scenarioFor(port: number, o: BenchOptions, onAgents: boolean): Scenario {
  return parseScenario({
    ...findScenario('redis-mix')!,
    target: { kind: 'redis', port },
    workers: AGENTS.length,
    inFlight: IN_FLIGHT,
    warmupSeconds: o.warmupSeconds,
    durationSeconds: o.seconds,
    ...(onAgents ? { placement: { local: 0, agents: Object.fromEntries(AGENTS.map((a) => [a, 1])) } } : {}),
  });
}

function startAgent(url: string, name: string): Promise<ChildProcess> {
  // The workers an agent forks inherit its flags: the fixed young generation of every load client (fixed-heap.ts).
  // The bench's nats-server listens on loopback only and asks no credentials: the agents are told that is meant.
  const child = spawn(process.execPath, [...FIXED_HEAP_FLAGS, CLI, 'agent', '--nats', url, '--name', name, '--insecure-open-nats'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`agent ${name} did not start`)), AGENT_UP_MS);
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('waiting for runs')) {
        clearTimeout(t);
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`agent ${name} exited with ${code}`)));
  });
}

async function stopChild(c: ChildProcess | undefined): Promise<void> {
  if (!c || c.exitCode !== null || c.signalCode !== null) return;
  const gone = new Promise<void>((r) => c.once('exit', () => r()));
  c.kill('SIGTERM');
  const t = setTimeout(() => c.kill('SIGKILL'), STOP_GRACE_MS);
  await gone;
  clearTimeout(t);
}

const us = (k: KvscopeResult): number => k.cpuUsPerOp;

async function main(): Promise<number> {
  installExitHandlers(print);
  const o = optionsOrUsage(process.argv.slice(2), print);
  if (!o) return 2;
  const plan = pinPlan();
  if (plan) pin(process.pid, plan.clients);
  print(fixedHeapLine());
  const children: ChildProcess[] = [];
  const redis = await startRedisServer();
  const port = await freePort('127.0.0.1');
  const nats = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const unregister = onAbort(() => {
    for (const c of [...children, nats]) c.kill('SIGKILL');
    void redis.stop();
  });
  try {
    if (plan) for (const pid of [redis.pid, nats.pid!]) pin(pid, plan.servers);
    const url = `nats://127.0.0.1:${port}`;
    await new Promise((r) => setTimeout(r, 500));
    for (const a of AGENTS) children.push(await startAgent(url, a));
    const nc = await connectNats({ url }, 'bench:agents');
    const link = { nc, directory: new AgentDirectory(nc) };
    print(
      `kvscope agents benchmark: ${o.rounds} round(s) of ${o.warmupSeconds} s warm-up + ${o.seconds} s, redis-mix with ${AGENTS.length} workers x ${IN_FLIGHT} in flight, local vs on ${AGENTS.length} agents (${url})`,
    );
    print(machineLine());
    print(plan ? `pinned: kvscope and agents on CPU ${plan.clients}, redis and nats on CPU ${plan.servers}` : 'not pinned');
    const local: KvscopeResult[] = [];
    const placed: KvscopeResult[] = [];
    for (let r = 1; r <= o.rounds; r++) {
      const order = r % 2 === 1 ? [false, true] : [true, false];
      for (const onAgents of order) {
        const natsBefore = readProc(nats.pid!)?.cpuUs ?? 0;
        const k = await runKvscope(scenarioFor(redis.port, o, onAgents), onAgents ? link : undefined);
        const natsUs = ((readProc(nats.pid!)?.cpuUs ?? 0) - natsBefore) / k.ops;
        (onAgents ? placed : local).push(k);
        print(
          `round ${r} ${onAgents ? 'agents' : 'local '}: ${fmtInt(k.opsPerSec)} ops/s, CPU µs/op ${us(k).toFixed(2)} (workers ${(k.cpu.workers / k.ops).toFixed(2)}, main ${(k.cpu.main / k.ops).toFixed(2)}, agents ${(k.cpu.agents / k.ops).toFixed(3)}, monitor ${(k.cpu.monitor / k.ops).toFixed(3)}); nats-server ${natsUs.toFixed(3)} µs/op; errors ${k.errors}`,
        );
      }
    }
    link.directory.close();
    await nc.drain();
    const ratios = local.map((l, i) => us(placed[i]) / us(l));
    const ratio = median(ratios);
    print('');
    print(`local: CPU µs/op ${median(local.map(us)).toFixed(2)}, ${fmtInt(median(local.map((k) => k.opsPerSec)))} ops/s (medians)`);
    print(`agents: CPU µs/op ${median(placed.map(us)).toFixed(2)}, ${fmtInt(median(placed.map((k) => k.opsPerSec)))} ops/s (medians)`);
    print(`CPU per op agents / local = ${ratio.toFixed(3)} (rounds ${ratios.map((x) => x.toFixed(3)).join(', ')})`);
    const verdict = judge(ratios, TARGET_RATIO, RESOLUTION_MARGINS * (TARGET_RATIO - 1));
    print(
      `${verdict}: relaying over NATS and merging cost ${((ratio - 1) * 100).toFixed(1)} % CPU per operation (target: at most ${((TARGET_RATIO - 1) * 100).toFixed(0)} %)`,
    );
    if (verdict === 'UNRESOLVED') print(UNRESOLVED_HINT);
  } finally {
    await Promise.all([...children.map(stopChild), stopChild(nats), redis.stop()]);
    unregister();
  }
  return 0;
}

runBench('bench:agents', main, print);
