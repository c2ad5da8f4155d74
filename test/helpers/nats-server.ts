import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nkeys } from '@nats-io/nats-core';
import { findOnPath } from '../../app/host/which';
import { onAbort } from '../../bench/cleanup';
import { freePort } from '../../workers/local/free-port';

const NATS_SERVER = 'nats-server';
const READY_TIMEOUT_MS = 10_000;
const STOP_GRACE_MS = 3_000;

/** A user of the test server: its nkey seed in a file (what kvscope's --nkey takes). */
export interface NatsUser {
  name: string;
  seedFile: string;
}

export interface RunningNats {
  url: string;
  port: number;
  readonly pid: number;
  /** Stop it (SIGTERM, then SIGKILL) and start it again on the same port with the same config. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface NatsServer extends RunningNats {
  coordinator: NatsUser;
  agent(name: string): NatsUser;
}

const DEPLOY_CONF = join(__dirname, '..', '..', 'deploy', 'nats-server.conf');
const COORDINATOR_KEY = 'UCOORDINATOR_PUBLIC_NKEY_REPLACE_ME';
const SAMPLE_AGENT = 'loadbox1';
const SAMPLE_AGENT_KEY = 'UAGENT_LOADBOX1_PUBLIC_NKEY_REPLACE_ME';

/**
 * deploy/nats-server.conf as its comments say to use it: listening here, the
 * coordinator's key filled in, and the sample agent's entry repeated per
 * agent with its name and key. The tests' server is the sample's, so the
 * permissions they check are the ones users deploy.
 */
function deployConf(listen: string, coordinatorKey: string, agents: readonly (readonly [string, string])[]): string {
  const text = readFileSync(DEPLOY_CONF, 'utf8');
  const entry = new RegExp(`^ *\\{ nkey: ${SAMPLE_AGENT_KEY}\\n[\\s\\S]*?\\} \\}\\n`, 'm').exec(text)?.[0];
  if (!entry || !text.includes(COORDINATOR_KEY) || !/^listen: .*$/m.test(text))
    throw new Error(`${DEPLOY_CONF}: no listen line, coordinator key or ${SAMPLE_AGENT} entry to fill in`);
  const entries = agents.map(([name, key]) => entry.replaceAll(SAMPLE_AGENT_KEY, key).replaceAll(SAMPLE_AGENT, name)).join('');
  return text
    .replace(entry, () => entries)
    .replace(COORDINATOR_KEY, () => coordinatorKey)
    .replace(/^listen: .*$/m, () => `listen: ${listen}`);
}

/**
 * A nats-server on 127.0.0.1 with nkey users, configured as
 * deploy/nats-server.conf: the coordinator may use every kvscope subject;
 * each agent only its own. `host`: loopback, or the address of a network
 * namespace bridge a test made. A missing nats-server is an error, never a skip.
 */
export async function startNatsServer(agents: readonly string[], host = '127.0.0.1'): Promise<NatsServer> {
  requireNatsServer();
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-nats-'));
  const port = await freePort(host);
  const user = (name: string) => {
    const kp = nkeys.createUser();
    const seedFile = join(dir, `${name}.nk`);
    writeFileSync(seedFile, new TextDecoder().decode(kp.getSeed()), { mode: 0o600 });
    return { name, seedFile, publicKey: kp.getPublicKey() };
  };
  const coordinator = user('coordinator');
  const agentUsers = new Map(agents.map((a) => [a, user(a)]));
  const conf = join(dir, 'nats.conf');
  writeFileSync(
    conf,
    deployConf(
      `${host}:${port}`,
      coordinator.publicKey,
      [...agentUsers].map(([a, u]) => [a, u.publicKey]),
    ),
  );
  const server = await launchNats(conf, host, port, () => rmSync(dir, { recursive: true, force: true }));
  // Onto the server itself: its pid stays a getter (a restart changes it).
  return Object.assign(server, {
    coordinator,
    agent: (name: string): NatsUser => {
      const u = agentUsers.get(name);
      if (!u) throw new Error(`no agent user ${name}`);
      return u;
    },
  });
}

/**
 * A nats-server on 127.0.0.1 that lets clients in without credentials, what
 * kvscope refuses unless told it is meant: `none`, no authorization at all;
 * `default-user`, a user with a password but `no_auth_user` for whoever
 * gives none (nats-server 2.9's INFO then leaves out auth_required, too).
 */
export async function startOpenNatsServer(open: 'none' | 'default-user' = 'none', host = '127.0.0.1'): Promise<RunningNats> {
  requireNatsServer();
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-nats-'));
  const port = await freePort(host);
  const conf = join(dir, 'nats.conf');
  const defaultUser = `authorization { users = [ { user: anyone, password: "${randomBytes(16).toString('hex')}" } ] }\nno_auth_user: anyone\n`;
  writeFileSync(conf, `listen: ${host}:${port}\n${open === 'default-user' ? defaultUser : ''}`);
  return launchNats(conf, host, port, () => rmSync(dir, { recursive: true, force: true }));
}

function requireNatsServer(): void {
  if (!findOnPath(NATS_SERVER)) throw new Error(`${NATS_SERVER} is not installed (apt-get install nats-server): the agent tests need it`);
}

/** nats-server with this config, listening; stop() ends it (SIGTERM, then SIGKILL) and calls `cleanup`. */
async function launchNats(conf: string, host: string, port: number, cleanup: () => void): Promise<RunningNats> {
  let child: ChildProcess;
  const launch = async (): Promise<void> => {
    const c = spawn(NATS_SERVER, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = c;
    // A test worker ended mid-file (signal-exit.ts turns that into an exit) still stops its server.
    c.once(
      'exit',
      onAbort(() => c.kill('SIGKILL')),
    );
    await waitListening(host, port, c);
  };
  const halt = async (): Promise<void> => {
    const c = child;
    if (c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise<void>((r) => c.once('exit', () => r()));
    c.kill('SIGTERM');
    const t = setTimeout(() => c.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(t);
  };
  try {
    await launch();
  } catch (err) {
    cleanup();
    throw err;
  }
  return {
    url: `nats://${host}:${port}`,
    port,
    get pid() {
      return child.pid!;
    },
    restart: async () => {
      await halt();
      await launch();
    },
    stop: async () => {
      await halt();
      cleanup();
    },
  };
}

async function waitListening(host: string, port: number, child: ChildProcess): Promise<void> {
  const until = Date.now() + READY_TIMEOUT_MS;
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nats-server exited with ${child.exitCode}: ${stderr.slice(-500)}`);
    const up = await new Promise<boolean>((resolve) => {
      const s = createConnection({ host, port }, () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`nats-server did not listen on ${port} within ${READY_TIMEOUT_MS / 1000} s: ${stderr.slice(-500)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
