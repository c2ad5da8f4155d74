import type { ConfigOptions } from 'aerospike';
import { parseSeedHosts } from '../../../../app/scenario/aerospike-target';
import type { Target } from '../../../../app/scenario/targets';
import { errorMessage } from '../../../../app/error-message';
import { REDACTED } from '../../../../app/scenario/secrets';

export type AerospikeSettings = Extract<Target, { kind: 'aerospike' }>;

/**
 * No retries: a benchmark must show a failed command as failed, not hide it
 * behind a second attempt that doubles its latency.
 */
const MAX_RETRIES = 0;
/**
 * The C client's own log is off: every failure a user needs reaches the
 * driver as a result code and goes to the run's error log from there.
 */
const LOG_LEVEL_OFF = -1;

/** Result codes this driver tells apart (the client's `status` values). */
export const CODE = {
  NOT_FOUND: 2,
  TIMEOUT: 9,
  CONNECTION: -10,
  INVALID_NODE: -8,
  MAX_ERROR_RATE: -14,
  INVALID_USER: 60,
  INVALID_PASSWORD: 62,
  INVALID_CREDENTIAL: 65,
  NOT_AUTHENTICATED: 80,
  INDEX_FOUND: 200,
} as const;

/** Result codes of a command that never reached a node: count as unavailable, back off. */
export const UNAVAILABLE_CODES: readonly number[] = [CODE.CONNECTION, CODE.INVALID_NODE, CODE.MAX_ERROR_RATE];

const AUTH_CODES: readonly number[] = [CODE.INVALID_USER, CODE.INVALID_PASSWORD, CODE.INVALID_CREDENTIAL, CODE.NOT_AUTHENTICATED];

/** The client configuration for a target: seeds, login, TLS, timeouts and pool size. */
export function clientConfig(t: AerospikeSettings): ConfigOptions {
  const tls = t.tlsName !== undefined || t.tlsCaFile !== undefined;
  const timeouts = { totalTimeout: t.totalTimeoutMs, socketTimeout: t.socketTimeoutMs, maxRetries: MAX_RETRIES };
  return {
    hosts: parseSeedHosts(t.hosts).map((h) => ({ addr: h.addr, port: h.port, ...(t.tlsName ? { tlsname: t.tlsName } : {}) })),
    ...(t.user !== undefined ? { user: t.user, password: t.password ?? '' } : {}),
    ...(tls ? { tls: { enable: true, ...(t.tlsCaFile ? { cafile: t.tlsCaFile } : {}) } } : {}),
    connTimeoutMs: t.connectTimeoutMs,
    loginTimeoutMs: t.connectTimeoutMs,
    maxConnsPerNode: t.maxConnsPerNode,
    log: { level: LOG_LEVEL_OFF },
    policies: { read: timeouts, write: timeouts, remove: timeouts, batch: timeouts, scan: timeouts, query: timeouts },
  } as ConfigOptions;
}

export function codeOf(err: unknown): number | undefined {
  const c = (err as { code?: unknown } | null)?.code;
  return typeof c === 'number' ? c : undefined;
}

/** A connect failure in words a user can act on; the password never appears. */
export function connectError(t: AerospikeSettings, err: unknown): Error {
  const code = codeOf(err);
  const raw = errorMessage(err);
  let why: string;
  if (code !== undefined && AUTH_CODES.includes(code)) {
    why = `authentication failed for user "${t.user ?? ''}" (code ${code}): check target.user and target.password`;
  } else if (code === CODE.TIMEOUT || code === CODE.CONNECTION || /Failed to connect/i.test(raw)) {
    why = `no seed host answered within ${t.connectTimeoutMs} ms (target.connectTimeoutMs); is the cluster running and reachable? (${raw})`;
  } else {
    why = `${raw}${code === undefined ? '' : ` (code ${code})`}`;
  }
  return new Error(scrub(`cannot connect to aerospike at ${t.hosts}: ${why}`, t.password));
}

/** One failed command, for the error log: the client's message and its result code. */
export function describeError(err: unknown, password: string | undefined): string {
  const code = codeOf(err);
  const raw = errorMessage(err);
  return scrub(code === undefined ? raw : `${raw} (code ${code})`, password);
}

function scrub(text: string, password: string | undefined): string {
  return password ? text.split(password).join(REDACTED) : text;
}
