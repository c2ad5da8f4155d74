import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { onAbort } from '../../bench/cleanup';
import { startNatsServer, type NatsServer } from '../helpers/nats-server';
import { tryNetns } from '../helpers/netns';
import { waitGone } from '../helpers/processes';
import { agentRunning, coordinator, redisCalls, redisClientAddresses, startAgent, type Agent } from '../helpers/agents';
import { sandbox } from './policy-fixtures';

const AGENTS = ['n1', 'n2'];
const RUN_TIMEOUT_MS = 90_000;
/** Seconds into the run when redis is asked who its clients are: every worker connected, none finished. */
const CLIENTS_AT_MS = 2_000;

// Each agent behind its own veth pair, as on another box; where namespaces
// cannot be made (no root, no CAP_NET_ADMIN) the issue allows loopback, and the
// test's name says which one ran and why.
const netns = tryNetns(AGENTS);
const where = typeof netns === 'string' ? `on loopback (no network namespaces here: ${netns})` : 'each in its own network namespace';

describe(`kvscope agents ${where}`, () => {
  const sb = sandbox();
  let nats: NatsServer;
  let redis: RedisServer;
  const agents: Agent[] = [];
  const unregister = onAbort(() => typeof netns !== 'string' && netns.cleanup());
  const hostAddress = typeof netns === 'string' ? '127.0.0.1' : netns.hostAddress;
  const agentAddress = (name: string) => (typeof netns === 'string' ? '127.0.0.1' : netns.address(name));

  beforeAll(async () => {
    nats = await startNatsServer(AGENTS, hostAddress);
    redis = await startRedisServer({ alsoBind: typeof netns === 'string' ? [] : [hostAddress] });
    const prefix = (name: string) => (typeof netns === 'string' ? [] : netns.exec(name));
    agents.push(...(await Promise.all(AGENTS.map((a) => startAgent(nats, a, sb.env, prefix(a))))));
  }, 60_000);

  afterAll(async () => {
    for (const a of agents) a.child.kill('SIGTERM');
    const left = await waitGone(
      agents.map((a) => a.child.pid!),
      20_000,
    );
    await redis?.stop();
    await nats?.stop();
    if (typeof netns !== 'string') netns.cleanup();
    unregister();
    sb.cleanup();
    expect(left).toEqual([]);
  });

  it(
    "merges every agent's counts exactly: the per-place sums equal the run total and what redis answered, each agent's load from its own address",
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      for (const a of agents) expect(a.out(), a.name).toContain('waiting for runs');
      const before = redisCalls(redis.port);
      const run = coordinator(
        [
          'run',
          'redis-mix',
          '--set',
          `target.host=${hostAddress}`,
          '--set',
          `target.port=${redis.port}`,
          '--set',
          `placement=${JSON.stringify({ local: 1, agents: { n1: 1, n2: 2 } })}`,
          '--set',
          'warmupSeconds=1',
          '--set',
          'durationSeconds=4',
          '--quiet',
          '--nats',
          nats.url,
          '--nats-nkey',
          nats.coordinator.seedFile,
        ],
        sb.env,
      );
      await Promise.all(agents.map((a) => agentRunning(a)));
      await new Promise((r) => setTimeout(r, CLIENTS_AT_MS));
      const addresses = redisClientAddresses(redis.port);
      const r = await run;
      expect(r.status, r.stdout + r.stderr).toBe(0);

      for (const name of AGENTS) expect([...addresses], name).toContain(agentAddress(name));
      expect([...addresses]).toContain(hostAddress);
      const file = readRunFile(
        join(
          sb.env.KVSCOPE_RUNS,
          readdirSync(sb.env.KVSCOPE_RUNS).find((f) => f.endsWith('.ndjson'))!,
        ),
      );
      expect(file.summary.outcome?.kind).toBe('done');
      expect(file.header.scenario.workers).toBe(4);
      const count = (place: string | undefined) =>
        file.samples.reduce((a, s) => a + s.workers.filter((w) => w.place === place).reduce((b, w) => b + (w.count ?? 0), 0), 0);
      const perPlace = [undefined, 'agent n1', 'agent n2'].map(count);
      for (const n of perPlace) expect(n).toBeGreaterThan(1000);
      const total = file.samples.reduce((a, s) => a + s.totals.count, 0);
      expect(perPlace.reduce((a, b) => a + b, 0)).toBe(total);
      const failed = file.samples.reduce((a, s) => a + s.totals.errors + s.totals.timeouts, 0);
      expect(redisCalls(redis.port) - before).toBe(total + failed);
    },
  );
});
