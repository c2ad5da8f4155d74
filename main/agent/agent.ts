import { availableParallelism, hostname, totalmem } from 'node:os';
import type { Msg, NatsConnection } from '@nats-io/nats-core';
import { AGENT_HEARTBEAT_MS, AssignSchema, SUBJECTS, type AssignReply, type Heartbeat } from '../../app/protocol/agent';
import { validateScenario } from '../../app/scenario/schema';
import { fieldErrorLines } from '../../app/scenario/schema';
import { errorMessage } from '../../app/error-message';
import { kvscopeVersion } from '../engine/environment';
import { admitScenario, refusalMessage } from '../policy/admit';
import { decodeJson, encodeJson, type NatsSettings } from '../nats/connect';
import { connectLockedNats } from '../nats/open-nats';
import { AgentSession } from './session';

/** How long an exiting agent lets NATS deliver what it still holds. */
const DRAIN_LIMIT_MS = 2_000;
/** After SIGTERM the workers get their usual grace; the agent exits once they are gone, or after this. */
const SHUTDOWN_LIMIT_MS = 30_000;

/**
 * `kvscope agent`: a load box. Says it is up, takes run assignments from
 * the coordinator (one at a time), runs them with the same scenario rules as
 * a local run, and stops its workers on stop, SIGTERM or when the
 * coordinator falls silent. Resolves with the exit code.
 */
export async function runAgent(nats: NatsSettings, name: string, say: (line: string) => void): Promise<number> {
  // A NATS that lets anyone in is refused before the agent listens for work (or, when told, warned of).
  // Replies to its requests come to its own inbox, where no other agent's user may subscribe (deploy/nats-server.conf).
  const nc = await connectLockedNats(nats, `kvscope agent ${name}`, 'agent', say, { inboxPrefix: SUBJECTS.inbox(name) });
  say(`agent ${name}: connected to NATS at ${nats.url}; waiting for runs`);
  let session: AgentSession | undefined;
  const heartbeat = (): void => {
    const hb: Heartbeat = {
      name,
      host: hostname(),
      cores: availableParallelism(),
      memoryBytes: totalmem(),
      node: process.version,
      kvscope: kvscopeVersion(),
      ...(session ? { runId: session.assign.runId } : {}),
    };
    nc.publish(SUBJECTS.heartbeat(name), encodeJson(hb));
  };
  heartbeat();
  const beat = setInterval(heartbeat, AGENT_HEARTBEAT_MS);
  void watchStatus(nc, say);
  nc.subscribe(SUBJECTS.assign(name), {
    callback: (_err, m) => {
      const reply = (r: AssignReply): void => void m.respond(encodeJson(r));
      const assigned = admit(m, session !== undefined);
      if (typeof assigned === 'string') return reply({ ok: false, message: `agent ${name}: ${assigned}` });
      reply({ ok: true });
      session = new AgentSession(nc, name, assigned.assign, assigned.scenario, say, () => {
        session = undefined;
        heartbeat();
      });
      heartbeat();
      void session.begin();
    },
  });
  const code = await new Promise<number>((resolve) => {
    const shutdown = (signal: string): void => {
      say(`agent ${name}: ${signal}, stopping`);
      clearInterval(beat);
      const limit = setTimeout(() => resolve(1), SHUTDOWN_LIMIT_MS);
      const done = (): void => {
        clearTimeout(limit);
        resolve(0);
      };
      if (!session) return done();
      const s = session;
      s.stop(signal);
      const wait = setInterval(() => {
        if (session !== s) {
          clearInterval(wait);
          done();
        }
      }, 100);
    };
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    process.once('SIGINT', () => shutdown('SIGINT'));
    void nc.closed().then(() => resolve(1));
  });
  // A NATS server that is gone would keep a drain waiting for ever: the agent exits after a bounded goodbye.
  await Promise.race([nc.drain().catch(() => undefined), new Promise((r) => setTimeout(r, DRAIN_LIMIT_MS).unref())]);
  if (!nc.isClosed()) await nc.close().catch(() => undefined);
  return code;
}

/** The assignment and its scenario, or why this agent will not run it (checked by this agent's own rules, as a local run is). */
function admit(m: Msg, busy: boolean) {
  if (busy) return 'it is in another run';
  const a = AssignSchema.safeParse(decodeJson(m.data));
  if (!a.success) return `a bad assignment: ${a.error.issues[0].path.join('.')} ${a.error.issues[0].message}`;
  const v = validateScenario(a.data.scenario);
  if (!v.ok) return `invalid scenario:\n${fieldErrorLines(v.errors)}`;
  try {
    const refused = admitScenario(v.scenario);
    if (refused.length) return refusalMessage(refused);
  } catch (err) {
    return errorMessage(err);
  }
  return { assign: a.data, scenario: v.scenario };
}

async function watchStatus(nc: NatsConnection, say: (line: string) => void): Promise<void> {
  for await (const s of nc.status()) {
    if (s.type === 'disconnect' || s.type === 'reconnect') say(`NATS ${s.type === 'disconnect' ? 'disconnected' : 'reconnected'}`);
  }
}
