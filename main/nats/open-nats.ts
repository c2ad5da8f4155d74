import type { NatsConnection } from '@nats-io/nats-core';
import { connectNats, NatsSetupError, type ConnectOptions, type NatsSettings } from './connect';

/** Who is connecting, for what an anonymous client of the same NATS could do to it. */
export type NatsRole = 'agent' | 'coordinator' | 'lister';

export const INSECURE_OPEN_FLAG = '--insecure-open-nats';

/**
 * Why anyone who reaches this NATS could do what this client does, or
 * undefined: the server asks no client for credentials (its INFO says
 * auth_required false), or this client gave none and was let in (a
 * no_auth_user, or an account without users).
 */
export function openNatsReason(s: NatsSettings, nc: NatsConnection, role: NatsRole): string | undefined {
  if (!nc.info?.auth_required) return 'the server asks no client for any';
  if (!s.credsFile && !s.nkeyFile && !s.tokenFile)
    return `this ${role === 'agent' ? 'agent' : 'client'} gave no credentials and the server let it in`;
  return undefined;
}

const RISK: Record<NatsRole, string> = {
  agent: 'any client of it could assign this agent work, load aimed at any address this machine reaches',
  coordinator: "any client of it could pose as an agent, take a run's scenario (its passwords too) and send forged results",
  lister: 'any client of it could pose as an agent: this list may hold forged ones',
};

const LOCK_DOWN: Record<NatsRole, string> = {
  agent: 'give this agent its own NATS user (--nkey, --creds or --token-file)',
  coordinator: 'give the coordinator its NATS user (--nats-nkey, --nats-creds or --nats-token-file, or in config.json\'s "nats")',
  lister: 'give the coordinator its NATS user (--nats-nkey, --nats-creds or --nats-token-file)',
};

/**
 * Connected to a NATS that lets in only clients it knows, or a NatsSetupError
 * saying it does not, what that allows and how to lock it down. With
 * `insecureOpenNats` (or for `agents`, which only lists) an open NATS is a
 * loud warning instead.
 */
export async function connectLockedNats(
  s: NatsSettings,
  name: string,
  role: NatsRole,
  warn: (line: string) => void,
  options: ConnectOptions = {},
): Promise<NatsConnection> {
  const nc = await connectNats(s, name, options);
  const why = openNatsReason(s, nc, role);
  if (!why) return nc;
  const danger = `NATS at ${s.url} lets clients in without credentials (${why}): ${RISK[role]}`;
  if (s.insecureOpenNats || role === 'lister') {
    warn(`WARNING: ${danger}${s.insecureOpenNats ? `; going on because of ${INSECURE_OPEN_FLAG}` : ''}`);
    return nc;
  }
  await nc.close().catch(() => undefined);
  throw new NatsSetupError(
    `${danger}. Lock NATS down: one user per agent with permission for its own subjects only and one for the coordinator (deploy/nats-server.conf), no anonymous or default user; then ${LOCK_DOWN[role]}. On a network no one else reaches, ${INSECURE_OPEN_FLAG} (or "insecureOpenNats": true in config.json's "nats") goes on with a warning.`,
  );
}
