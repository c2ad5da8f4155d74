import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { EXIT_USAGE } from '../../main/exit-codes';
import { RunController } from '../../main/engine/run-controller';
import { attachAgents } from '../../main/nats/attach-agents';
import { startOpenNatsServer, type RunningNats } from '../helpers/nats-server';
import { coordinator, redisCalls, spawnAgent, stopAgents, type Agent, type Finished } from '../helpers/agents';
import { waitGone } from '../helpers/processes';
import { kvscope, sandbox } from './policy-fixtures';

const ROOT = join(__dirname, '..', '..');

/** A refused command exits at once; one that does not is stopped after this, and the test fails. */
const REFUSED_WITHIN_MS = 20_000;
const RUN_TIMEOUT_MS = 60_000;
const FLAG = '--insecure-open-nats';

/** The command's end, or, after REFUSED_WITHIN_MS, the command killed and what it had said. */
async function finished(p: Promise<Finished> & { child: Finished['child'] }): Promise<Finished> {
  const t = setTimeout(() => p.child.kill('SIGKILL'), REFUSED_WITHIN_MS);
  try {
    return await p;
  } finally {
    clearTimeout(t);
  }
}

describe('kvscope agents on a NATS that lets anyone in', () => {
  const sb = sandbox();
  let nats: RunningNats;
  let guarded: RunningNats;
  let redis: RedisServer;
  const agents: Agent[] = [];
  const placed = (agent: string, extra: string[]) => [
    'run',
    'redis-mix',
    '--set',
    `target.port=${redis.port}`,
    '--set',
    `placement=${JSON.stringify({ local: 0, agents: { [agent]: 1 } })}`,
    '--set',
    'warmupSeconds=1',
    '--set',
    'durationSeconds=2',
    '--quiet',
    '--nats',
    nats.url,
    ...extra,
  ];

  beforeAll(async () => {
    nats = await startOpenNatsServer('none');
    guarded = await startOpenNatsServer('default-user');
    redis = await startRedisServer();
  }, 60_000);

  afterAll(async () => {
    const left = await stopAgents(agents);
    await redis?.stop();
    await nats?.stop();
    await guarded?.stop();
    sb.cleanup();
    expect(left).toEqual([]);
  });

  it('an agent refuses to start: it names the danger, the flag and how to lock NATS down, and exits 2', { timeout: 30_000 }, async () => {
    const r = await finished(coordinator(['agent', '--nats', nats.url, '--name', 'open1'], sb.env));
    expect(r.status, r.stdout + r.stderr).toBe(EXIT_USAGE);
    expect(r.stdout).not.toContain('waiting for runs');
    expect(r.stderr).toMatch(/NATS at nats:\/\/127\.0\.0\.1:\d+ lets clients in without credentials/);
    expect(r.stderr).toMatch(/any client of it could assign this agent work/);
    expect(r.stderr).toContain('deploy/nats-server.conf');
    expect(r.stderr).toContain(FLAG);
  });

  it('an agent without credentials on a server with a default user for anonymous clients refuses too', { timeout: 30_000 }, async () => {
    const r = await finished(coordinator(['agent', '--nats', guarded.url, '--name', 'open2'], sb.env));
    expect(r.status, r.stdout + r.stderr).toBe(EXIT_USAGE);
    expect(r.stderr).toMatch(/NATS at nats:\/\/127\.0\.0\.1:\d+ lets clients in without credentials/);
    expect(r.stderr).toContain(FLAG);
  });

  it(`an agent given ${FLAG} starts, warning that anyone on that NATS can give it work`, { timeout: 30_000 }, async () => {
    const agent = await spawnAgent('open1', ['--nats', nats.url, FLAG], sb.env);
    agents.push(agent);
    expect(agent.out()).toContain('waiting for runs');
    expect(agent.out()).toMatch(/WARNING: NATS at nats:\/\/127\.0\.0\.1:\d+ lets clients in without credentials/);
    expect(agent.out()).toMatch(/going on because of --insecure-open-nats/);
  });

  it('`run` placed on agents refuses the open NATS before any load, naming the flag', { timeout: 30_000 }, async () => {
    const before = redisCalls(redis.port);
    const r = await finished(coordinator(placed('open1', []), sb.env));
    expect(r.status, r.stdout + r.stderr).toBe(EXIT_USAGE);
    expect(r.stderr).toMatch(/NATS at nats:\/\/127\.0\.0\.1:\d+ lets clients in without credentials/);
    expect(r.stderr).toMatch(/any client of it could pose as an agent/);
    expect(r.stderr).toContain(FLAG);
    expect(redisCalls(redis.port)).toBe(before);
  });

  it(`\`run\` given ${FLAG} warns and runs on the agent`, { timeout: RUN_TIMEOUT_MS }, async () => {
    const r = await coordinator(placed('open1', [FLAG]), sb.env);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stderr).toMatch(/WARNING: NATS at nats:\/\/127\.0\.0\.1:\d+ lets clients in without credentials/);
  });

  it('`agents` lists them, warning that the list may be forged', { timeout: 30_000 }, () => {
    const r = kvscope(sb, ['agents', '--nats', nats.url], 20_000);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^open1 +up /m);
    expect(r.stderr).toMatch(/WARNING: NATS at nats:\/\/127\.0\.0\.1:\d+ lets clients in without credentials/);
  });

  it('the dashboard does not attach agents over it unless told to, and says so either way', { timeout: 30_000 }, async () => {
    const said: string[] = [];
    const refused = new RunController(sb.env.KVSCOPE_RUNS);
    await attachAgents(refused, { url: nats.url }, (l) => said.push(l));
    expect(await refused.listAgents()).toEqual({ nats: null, agents: [] });
    expect(said.join('\n')).toMatch(/^warning: no agents: NATS at nats:\/\/\S+ lets clients in without credentials.*--insecure-open-nats/m);
    await refused.shutdown();
    said.length = 0;
    const told = new RunController(sb.env.KVSCOPE_RUNS);
    await attachAgents(told, { url: nats.url, insecureOpenNats: true }, (l) => said.push(l));
    expect((await told.listAgents()).nats).toBe(nats.url);
    expect(said.join('\n')).toMatch(/WARNING: NATS at nats:\/\/\S+ lets clients in without credentials/);
    await told.shutdown();
  });
});

describe("the agent tests' helpers, when a test worker ends mid-test", () => {
  it('leave no NATS server and no agent running', { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kvscope-orphan-agents-'));
    const pidFile = join(dir, 'pids.json');
    try {
      const vitest = spawnSync(
        process.execPath,
        [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'test/fixtures/orphan-agents/vitest.config.mjs'],
        { cwd: ROOT, env: { ...process.env, KVSCOPE_FIXTURE_PIDS: pidFile }, encoding: 'utf8', timeout: 50_000 },
      );
      expect(`${vitest.stdout}${vitest.stderr}`).toMatch(/Test timed out in 10000ms/);
      const pids = JSON.parse(readFileSync(pidFile, 'utf8')) as number[];
      expect(pids).toHaveLength(2);
      const left = await waitGone(pids, 5_000);
      for (const pid of left) process.kill(pid, 'SIGKILL');
      expect(left).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
