import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { nkeyAuthenticator, PermissionViolationError, type NatsConnection } from '@nats-io/nats-core';
import { CLOCK_SAMPLES, SUBJECTS, type Heartbeat } from '../../app/protocol/agent';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { AgentDirectory } from '../../main/nats/agent-directory';
import { encodeJson } from '../../main/nats/connect';
import { startNatsServer, type NatsServer, type NatsUser } from '../helpers/nats-server';
import { waitGone } from '../helpers/processes';
import { childPids, startAgent, stopAgents, type Agent } from '../helpers/agents';
import { sandbox } from './policy-fixtures';

const RUN_ID = '00000000-0000-4000-8000-000000000054';
/** Long enough for the server to have said no, and for a delivered message to have arrived. */
const SETTLE_MS = 500;

interface Client {
  nc: NatsConnection;
  /** The permission violations the server reported to this client. */
  refused: PermissionViolationError[];
}

async function connectAs(url: string, user: NatsUser): Promise<Client> {
  const seed = new TextEncoder().encode(readFileSync(user.seedFile, 'utf8').trim());
  const nc = await connect({ servers: url, authenticator: nkeyAuthenticator(seed) });
  const refused: PermissionViolationError[] = [];
  void (async () => {
    for await (const s of nc.status()) if (s.type === 'error' && s.error instanceof PermissionViolationError) refused.push(s.error);
  })();
  return { nc, refused };
}

/** What the agent said matching `re` since `from` characters of its output, once it has; an error with its output after `withinMs`. */
function said(agent: Agent, from: number, re: RegExp, withinMs = 25_000): Promise<string> {
  const until = Date.now() + withinMs;
  return new Promise((resolve, reject) => {
    const wait = setInterval(() => {
      const out = agent.out().slice(from);
      const m = re.exec(out);
      if (m || Date.now() > until) clearInterval(wait);
      if (m) resolve(m[0]);
      else if (Date.now() > until) reject(new Error(`agent ${agent.name} did not say ${re} within ${withinMs / 1000} s: ${out}`));
    }, 100);
  });
}

const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));
const refusal = (c: Client, operation: 'publish' | 'subscription', subject: string) =>
  c.refused.some((e) => e.operation === operation && e.subject === subject);

describe('kvscope agents on a NATS locked down as deploy/nats-server.conf', () => {
  const sb = sandbox();
  let nats: NatsServer;
  let redis: RedisServer;
  let a1: Agent;
  const clients: Client[] = [];
  const workerPids: number[] = [];
  const as = async (user: NatsUser) => {
    const c = await connectAs(nats.url, user);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    nats = await startNatsServer(['a1', 'a2']);
    redis = await startRedisServer();
    a1 = await startAgent(nats, 'a1', sb.env);
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) await c.nc.close().catch(() => undefined);
    const left = [...(await stopAgents([a1])), ...(await waitGone(workerPids, 10_000))];
    await redis?.stop();
    await nats?.stop();
    sb.cleanup();
    expect(left).toEqual([]);
  });

  it("refuses an assignment from another agent's credentials: it never reaches the agent", { timeout: 30_000 }, async () => {
    expect(a1.out()).toContain('waiting for runs');
    const witness = await as(nats.coordinator);
    const delivered: string[] = [];
    witness.nc.subscribe(SUBJECTS.assign('a1'), { callback: (_e, m) => void delivered.push(m.string()) });
    await witness.nc.flush();
    const forger = await as(nats.agent('a2'));
    const before = a1.out();
    const assign = { runId: RUN_ID, scenario: { target: { kind: 'redis', port: redis.port } }, firstWorker: 0, workers: 1, of: 1 };
    forger.nc.publish(SUBJECTS.assign('a1'), encodeJson(assign));
    await forger.nc.flush();
    await settle();
    expect(refusal(forger, 'publish', SUBJECTS.assign('a1'))).toBe(true);
    expect(delivered).toEqual([]);
    expect(a1.out()).toBe(before);
  });

  it(
    "refuses a heartbeat under another agent's name; one naming another agent on its own subject is ignored",
    { timeout: 30_000 },
    async () => {
      const coordinator = await as(nats.coordinator);
      const directory = new AgentDirectory(coordinator.nc);
      const forger = await as(nats.agent('a2'));
      const forged = (name: string, host: string): Uint8Array =>
        encodeJson({ name, host, cores: 1, memoryBytes: 1, node: 'v0', kvscope: '0' } satisfies Heartbeat);
      // Names no real agent has, so that only a forged heartbeat could put them in the list.
      for (let i = 0; i < 3; i++) {
        forger.nc.publish(SUBJECTS.heartbeat('a1'), forged('a1', 'forged'));
        forger.nc.publish(SUBJECTS.heartbeat('ghost'), forged('ghost', 'forged'));
        forger.nc.publish(SUBJECTS.heartbeat('a2'), forged('ghost2', 'forged'));
        forger.nc.publish(SUBJECTS.heartbeat('a2'), forged('a2', 'a2-itself'));
        await forger.nc.flush();
        await settle();
      }
      await directory.settled();
      expect(refusal(forger, 'publish', SUBJECTS.heartbeat('a1'))).toBe(true);
      expect(refusal(forger, 'publish', SUBJECTS.heartbeat('ghost'))).toBe(true);
      const hosts = Object.fromEntries(directory.list().map((e) => [e.heartbeat.name, e.heartbeat.host]));
      directory.close();
      expect(Object.keys(hosts).sort()).toEqual(['a1', 'a2']);
      expect(hosts.a1).not.toBe('forged');
      // a2's own heartbeat on its own subject is taken: the directory does listen to it.
      expect(hosts.a2).toBe('a2-itself');
    },
  );

  it("an agent's replies arrive on its own inbox, which another agent's credentials cannot read", { timeout: 60_000 }, async () => {
    const coordinator = await as(nats.coordinator);
    const replyTo: string[] = [];
    coordinator.nc.subscribe(SUBJECTS.clock(RUN_ID), {
      callback: (_e, m) => {
        replyTo.push(m.reply ?? '');
        m.respond(encodeJson({ now: Date.now() }));
      },
    });
    const eavesdropper = await as(nats.agent('a2'));
    const heard: string[] = [];
    for (const s of ['_INBOX.>', `${SUBJECTS.inbox('a1')}.>`])
      eavesdropper.nc.subscribe(s, { callback: (e, m) => void (e || heard.push(m.subject)) });
    await Promise.all([coordinator.nc.flush(), eavesdropper.nc.flush()]);
    const from = a1.out().length;
    const assign = { runId: RUN_ID, scenario: { target: { kind: 'redis', port: redis.port } }, firstWorker: 0, workers: 1, of: 1 };
    const answer = await coordinator.nc.request(SUBJECTS.assign('a1'), encodeJson(assign), { timeout: 5_000 });
    expect(answer.json()).toEqual({ ok: true });
    // Its workers start once the clock replies reached it, on its own inbox; without them its share of the run ends at once.
    expect(await said(a1, from, /worker\(s\), ids|: ended/)).toMatch(/worker\(s\), ids/);
    workerPids.push(...childPids(a1.child.pid!));
    coordinator.nc.publish(SUBJECTS.control(RUN_ID, 'a1'), encodeJson({ type: 'stop', data: {} }));
    await said(a1, from, new RegExp(`run ${RUN_ID}: ended`));
    expect(replyTo).toHaveLength(CLOCK_SAMPLES);
    for (const r of replyTo) expect(r.startsWith(`${SUBJECTS.inbox('a1')}.`), r).toBe(true);
    expect(refusal(eavesdropper, 'subscription', '_INBOX.>')).toBe(true);
    expect(refusal(eavesdropper, 'subscription', `${SUBJECTS.inbox('a1')}.>`)).toBe(true);
    expect(heard).toEqual([]);
    expect(await waitGone(workerPids, 10_000)).toEqual([]);
  });
});
