import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { nkeyAuthenticator } from '@nats-io/nats-core';
import { readRunFile } from '../../app/run/reader';
import { SUBJECTS } from '../../app/protocol/agent';
import { EXIT_DEGRADED, EXIT_USAGE } from '../../main/exit-codes';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { startNatsServer, type NatsServer, type NatsUser } from '../helpers/nats-server';
import { RunController } from '../../main/engine/run-controller';
import { attachAgents } from '../../main/nats/attach-agents';
import { waitGone } from '../helpers/processes';
import { agentRunning, childPids, CLI, coordinator, measuring, redisCalls, startAgent, type Agent } from '../helpers/agents';
import { kvscope, sandbox } from './policy-fixtures';

const AGENTS = ['a1', 'a2', 'a3', 'a4'];
/** libfaketime (Debian's faketime package): preloaded, a process and its children see their clock this far off. */
const LIBFAKETIME = `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/faketime/libfaketime.so.1`;
const SKEW = '-2s';
const RUN_TIMEOUT_MS = 90_000;

describe('kvscope agents over NATS: workers on other processes, merged into one run', () => {
  const sb = sandbox();
  let nats: NatsServer;
  let redis: RedisServer;
  const agents: Agent[] = [];
  const natsFlags = (u: NatsUser) => ['--nats', nats.url, '--nats-nkey', u.seedFile];

  async function start(name: string, skew?: string): Promise<Agent> {
    // Preloaded into node itself (no wrapper process), so a signal to the agent reaches the agent.
    const clock: Record<string, string> = skew ? { LD_PRELOAD: LIBFAKETIME, FAKETIME: skew } : {};
    const agent = await startAgent(nats, name, { ...sb.env, ...clock });
    agents.push(agent);
    return agent;
  }
  const coordinate = (args: string[]) => coordinator(args, sb.env);

  beforeAll(async () => {
    nats = await startNatsServer(AGENTS);
    redis = await startRedisServer();
    await Promise.all(['a1', 'a2'].map((a) => start(a)));
  }, 60_000);

  afterAll(async () => {
    for (const a of agents) a.child.kill('SIGTERM');
    expect(
      await waitGone(
        agents.map((a) => a.child.pid!),
        20_000,
      ),
    ).toEqual([]);
    await redis?.stop();
    await nats?.stop();
    sb.cleanup();
  });

  const placed = (placement: object, extra: string[] = []) => [
    'run',
    'redis-mix',
    '--set',
    `target.port=${redis.port}`,
    '--set',
    `placement=${JSON.stringify(placement)}`,
    '--set',
    'warmupSeconds=1',
    ...extra,
    ...natsFlags(nats.coordinator),
  ];

  it(
    'runs 1 local worker and one on each of 2 agents; the per-place counts add up to the run total, and to what redis answered',
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      const before = redisCalls(redis.port);
      // 3 s in all (1 of warm-up): thousands of operations per worker, and a second sample to read the places from.
      const r = await coordinate(placed({ local: 1, agents: { a1: 1, '*': 1 } }, ['--set', 'durationSeconds=2', '--quiet']));
      expect(r.status, r.stdout + r.stderr).toBe(0);
      const file = readRunFile(
        join(
          sb.env.KVSCOPE_RUNS,
          readdirSync(sb.env.KVSCOPE_RUNS).find((f) => f.endsWith('.ndjson'))!,
        ),
      );
      expect(file.header.scenario.workers).toBe(3);
      expect(file.header.scenario.placement).toEqual({ local: 1, agents: { a1: 1, a2: 1 } });
      const total = file.samples.reduce((a, s) => a + s.totals.count, 0);
      const perWorker = [0, 1, 2].map((id) => file.samples.reduce((a, s) => a + (s.workers.find((w) => w.id === id)?.count ?? 0), 0));
      for (const n of perWorker) expect(n).toBeGreaterThan(1000);
      expect(perWorker.reduce((a, b) => a + b, 0)).toBe(total);
      expect(redisCalls(redis.port) - before).toBe(total + file.samples.reduce((a, s) => a + s.totals.errors + s.totals.timeouts, 0));
      expect(file.summary.outcome?.kind).toBe('done');
      const places = file.samples[1].workers.map((w) => [w.id, w.place]);
      expect(places).toEqual([
        [0, undefined],
        [1, 'agent a1'],
        [2, 'agent a2'],
      ]);
      expect(file.logs.some((l) => l.source === 'agent a2' && /clock [+-][\d.]+ ms from this one/.test(l.message))).toBe(true);
    },
  );

  it('an agent killed with SIGKILL mid-run: the run is degraded and names it', { timeout: RUN_TIMEOUT_MS }, async () => {
    const victim = await start('a3');
    // The run waits for every worker to finish or be lost, so it outlasts the kill by AGENT_LOST_MS whatever its length:
    // 6 s only keep the kill well inside the measured seconds.
    const run = coordinate(placed({ local: 1, agents: { a1: 1, a3: 1 } }, ['--set', 'durationSeconds=6']));
    // The load has begun once the agent logged its run; once a measured second is in, the agent is killed outright.
    await agentRunning(victim);
    await measuring(run);
    const workerPids = childPids(victim.child.pid!);
    victim.child.kill('SIGKILL');
    const r = await run;
    expect(r.status, r.stdout + r.stderr).toBe(EXIT_DEGRADED);
    expect(r.stdout).toMatch(/worker 2 on agent a3 lost at second \d+/);
    // Its worker, whose parent is gone, ends by itself (a closed IPC channel ends every child).
    expect(workerPids).toHaveLength(1);
    expect(await waitGone(workerPids, 15_000)).toEqual([]);
  });

  it(
    'nats-server restarted mid-run: the agents reconnect, the seconds are named in the log, no operation is lost',
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      const a1 = agents.find((a) => a.name === 'a1')!;
      const before = redisCalls(redis.port);
      const from = a1.out().length;
      const run = coordinate(placed({ local: 1, agents: { a1: 1, a2: 1 } }, ['--set', 'durationSeconds=5']));
      // Restarted once a measured second is in: the link drops and comes back with measured seconds still to go.
      await agentRunning(a1, from);
      await measuring(run);
      await nats.restart();
      const r = await run;
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toMatch(/the NATS link to the agents dropped at second \d+/);
      expect(r.stdout).toMatch(/the NATS link to the agents is back at second \d+/);
      expect(a1.out().slice(from)).toMatch(/NATS disconnected[\s\S]*NATS reconnected/);
      const files = readdirSync(sb.env.KVSCOPE_RUNS)
        .filter((f) => f.endsWith('.ndjson'))
        .sort();
      const file = readRunFile(join(sb.env.KVSCOPE_RUNS, files.at(-1)!));
      const total = file.samples.reduce((a, s) => a + s.totals.count + s.totals.errors + s.totals.timeouts, 0);
      expect(redisCalls(redis.port) - before).toBe(total);
    },
  );

  it(
    'an agent whose clock is 2 s behind still lands in the right seconds: every second has every worker',
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      if (!existsSync(LIBFAKETIME)) throw new Error(`${LIBFAKETIME} is missing (apt-get install faketime): this test needs it`);
      await start('a4', SKEW);
      const r = await coordinate(placed({ local: 1, agents: { a4: 1 } }, ['--set', 'durationSeconds=3', '--quiet']));
      expect(r.status, r.stdout + r.stderr).toBe(0);
      const files = readdirSync(sb.env.KVSCOPE_RUNS)
        .filter((f) => f.endsWith('.ndjson'))
        .sort();
      const file = readRunFile(join(sb.env.KVSCOPE_RUNS, files.at(-1)!));
      const offset = file.logs.map((l) => /^clock ([+-][\d.]+) ms/.exec(l.message)).find(Boolean);
      expect(Number(offset![1])).toBeLessThan(-1500);
      // Without the shift its ticks would come 2 s after each second's end, past the merger's grace: every second short of a worker.
      const whole = file.samples.slice(0, -1);
      expect(whole.length).toBeGreaterThanOrEqual(3);
      for (const s of whole) expect(s.strength).toEqual({ expected: 2, reporting: 2 });
    },
  );

  it('refuses an agent and a coordinator without credentials, and an agent that tries to assign work', { timeout: 60_000 }, async () => {
    const anon = kvscope(sb, ['agent', '--nats', nats.url, '--name', 'a9'], 30_000);
    expect(anon.status).toBe(EXIT_USAGE);
    expect(anon.stderr).toMatch(
      /cannot connect to NATS at nats:\/\/127\.0\.0\.1:\d+: .*(Authorization|authoriz).*the server refused the credentials/i,
    );
    const lister = kvscope(sb, ['agents', '--nats', nats.url], 30_000);
    expect(lister.status).toBe(EXIT_USAGE);
    // a1's credentials may not publish an assignment to a2: the server refuses it, a2 starts nothing.
    const seed = new TextEncoder().encode(readFileSync(nats.agent('a1').seedFile, 'utf8').trim());
    const nc = await connect({ servers: nats.url, authenticator: nkeyAuthenticator(seed) });
    const before = agents.find((a) => a.name === 'a2')!.out();
    await expect(nc.request(SUBJECTS.assign('a2'), new TextEncoder().encode('{}'), { timeout: 2_000 })).rejects.toThrow(
      /permission|timeout|no responders/i,
    );
    await nc.close();
    expect(agents.find((a) => a.name === 'a2')!.out()).toBe(before);
  });

  it('takes an assignment only under its own scenario rules, as a local run would', { timeout: 30_000 }, async () => {
    const seed = new TextEncoder().encode(readFileSync(nats.coordinator.seedFile, 'utf8').trim());
    const nc = await connect({ servers: nats.url, authenticator: nkeyAuthenticator(seed) });
    const ask = async (scenario: object) => {
      const assign = { runId: '00000000-0000-4000-8000-000000000000', scenario, firstWorker: 0, workers: 1, of: 1 };
      const m = await nc.request(SUBJECTS.assign('a2'), new TextEncoder().encode(JSON.stringify(assign)), { timeout: 5_000 });
      return JSON.parse(new TextDecoder().decode(m.data)) as { ok: boolean; message?: string };
    };
    const before = agents.find((a) => a.name === 'a2')!.out();
    const preload = await ask({ target: { kind: 'redis', port: redis.port }, env: { NODE_OPTIONS: '--require /tmp/evil.js' } });
    expect(preload.ok).toBe(false);
    expect(preload.message).toMatch(/^agent a2: scenario not allowed:\n {2}env\.NODE_OPTIONS: /);
    const binary = await ask({ target: { kind: 'redis', port: redis.port }, node: '/bin/sh' });
    expect(binary).toMatchObject({ ok: false, message: expect.stringMatching(/node: \/bin\/sh is not a Node runtime kvscope knows/) });
    const junk = await ask({ target: { kind: 'nope' } });
    expect(junk).toMatchObject({ ok: false, message: expect.stringMatching(/^agent a2: invalid scenario:/) });
    await nc.close();
    expect(agents.find((a) => a.name === 'a2')!.out()).toBe(before);
  });

  it('stops its workers and exits on SIGTERM, leaving no process behind', { timeout: RUN_TIMEOUT_MS }, async () => {
    const a2 = agents.find((a) => a.name === 'a2')!;
    const from = a2.out().length;
    // Stopped once a measured second is in; the run's remaining seconds are the local worker's alone.
    const run = coordinate(placed({ local: 1, agents: { a2: 1 } }, ['--set', 'durationSeconds=5']));
    await agentRunning(a2, from);
    await measuring(run);
    const workerPids = childPids(a2.child.pid!);
    a2.child.kill('SIGTERM');
    const exited = await new Promise<number | null>((resolve) => a2.child.once('exit', (code) => resolve(code)));
    expect(exited).toBe(0);
    expect(workerPids).toHaveLength(1);
    expect(await waitGone(workerPids, 5_000)).toEqual([]);
    expect(a2.out().slice(from)).toMatch(/agent a2: SIGTERM, stopping/);
    // The agent's worker finished in order: the run goes on with the local worker and ends short of it, not failed.
    const r = await run;
    expect([0, EXIT_DEGRADED]).toContain(r.status);
  });

  it("shows the dashboard's Load generators: each agent with its state, over the Bridge", { timeout: 30_000 }, async () => {
    const controller = new RunController(sb.env.KVSCOPE_RUNS);
    await attachAgents(controller, { url: nats.url, nkeyFile: nats.coordinator.seedFile }, () => undefined);
    // a1 is listed once its next heartbeat (every AGENT_HEARTBEAT_MS) has come in.
    await expect
      .poll(async () => (await controller.listAgents()).agents.find((a) => a.name === 'a1'), { timeout: 10_000, interval: 50 })
      .toMatchObject({ state: 'up', cores: expect.any(Number) as number });
    expect((await controller.listAgents()).nats).toBe(nats.url);
    await controller.shutdown();
    const none = new RunController(sb.env.KVSCOPE_RUNS);
    await attachAgents(none, { url: nats.url }, () => undefined);
    expect(await none.listAgents()).toEqual({ nats: null, agents: [] });
  });

  it('lists the agents that are up', { timeout: 30_000 }, () => {
    const r = kvscope(sb, ['agents', ...natsFlags(nats.coordinator)], 20_000);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^a1 +up /m);
    expect(r.stdout).toMatch(/^a4 +up /m);
    // Stopped by SIGTERM in the test before: it says nothing any more.
    expect(r.stdout).not.toMatch(/^a2 /m);
  });
});

describe('an agent whose NATS server is gone', () => {
  it('still exits promptly on SIGTERM, by itself', { timeout: 60_000 }, async () => {
    const nats = await startNatsServer(['lonely']);
    const child = spawn(process.execPath, [CLI, 'agent', '--nats', nats.url, '--name', 'lonely', '--nkey', nats.agent('lonely').seedFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      await new Promise<void>((resolve) => {
        const wait = setInterval(() => out.includes('waiting for runs') && (clearInterval(wait), resolve()), 50);
      });
      await nats.stop();
      // SIGTERM once the agent has seen its server go: it is then retrying the link, not connected.
      await expect.poll(() => out, { timeout: 10_000, interval: 50 }).toMatch(/NATS disconnected/);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await waitGone([child.pid!], 10_000)).toEqual([]);
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await nats.stop();
    }
  });
});
