import { readFileSync } from 'node:fs';
import { connect } from '@nats-io/transport-node';
import { credsAuthenticator, nkeyAuthenticator, tokenAuthenticator, type NatsConnection } from '@nats-io/nats-core';
import { errorMessage } from '../../app/error-message';
import { CONNECT_TIMEOUT_MS } from '../../app/host/connect-timeout';

/** How kvscope reaches NATS: the server, and at most one kind of credential, each read from a file (never from a flag's value). */
export interface NatsSettings {
  url: string;
  /** A NATS .creds file (user JWT and nkey seed). */
  credsFile?: string;
  /** A file holding an nkey seed (SU...), for servers that list users by public nkey. */
  nkeyFile?: string;
  /** A file holding a token. */
  tokenFile?: string;
  /** CA certificate to verify a tls:// server with. */
  tlsCaFile?: string;
  /** Go on (with a warning) when the server lets clients in without credentials (--insecure-open-nats): main/nats/open-nats.ts. */
  insecureOpenNats?: boolean;
}

/** A server that does not answer the first time is an error at once; once connected, a dropped link is retried for ever, this often. */
const RECONNECT_WAIT_MS = 500;

export class NatsSetupError extends Error {}

function read(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    throw new NatsSetupError(`cannot read the ${what} ${file}: ${errorMessage(err)}`);
  }
}

function authenticator(s: NatsSettings) {
  const given = [s.credsFile && 'creds', s.nkeyFile && 'nkey', s.tokenFile && 'token'].filter(Boolean);
  if (given.length > 1) throw new NatsSetupError(`give one NATS credential, not ${given.join(' and ')}`);
  if (s.credsFile) return credsAuthenticator(new TextEncoder().encode(read(s.credsFile, 'NATS creds file')));
  if (s.nkeyFile) return nkeyAuthenticator(new TextEncoder().encode(read(s.nkeyFile, 'nkey seed file')));
  if (s.tokenFile) return tokenAuthenticator(read(s.tokenFile, 'token file'));
  return undefined;
}

export interface ConnectOptions {
  /** The start of this client's reply subjects (NATS's default is _INBOX). */
  inboxPrefix?: string;
}

/** Connected, or a NatsSetupError that says what was wrong (the address, the credentials, TLS). */
export async function connectNats(s: NatsSettings, name: string, options: ConnectOptions = {}): Promise<NatsConnection> {
  const auth = authenticator(s);
  try {
    return await connect({
      servers: s.url,
      name,
      ...(options.inboxPrefix ? { inboxPrefix: options.inboxPrefix } : {}),
      ...(auth ? { authenticator: auth } : {}),
      ...(s.tlsCaFile ? { tls: { caFile: s.tlsCaFile } } : {}),
      timeout: CONNECT_TIMEOUT_MS,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: RECONNECT_WAIT_MS,
    });
  } catch (err) {
    const m = errorMessage(err);
    const hint = /authoriz|authentic/i.test(m)
      ? ' (the server refused the credentials: give --creds, --nkey or --token-file as it expects)'
      : '';
    throw new NatsSetupError(`cannot connect to NATS at ${s.url}: ${m}${hint}`);
  }
}

/** Whether secrets sent over this link could be read on the network: not TLS, and not to this machine. */
export function natsInClear(url: string): boolean {
  const tls = /^tls:\/\//i.test(url);
  const host = /^[a-z]+:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/]+)/i.exec(url)?.[1] ?? url;
  return !tls && !['127.0.0.1', 'localhost', '[::1]'].includes(host);
}

export const encodeJson = (v: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(v));

/** A message's JSON, or undefined when it is not JSON (reported by the caller as a bad message). */
export function decodeJson(data: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(data)) as unknown;
  } catch {
    return undefined;
  }
}
