import { readConfig } from '../config/config-file';
import type { NatsSettings } from '../nats/connect';
import { UsageError } from './load-scenario';

/** The NATS flags of `agent` and `agents` (as written), and of `run` and `serve` (prefixed `nats-`; --insecure-open-nats never is). */
export const natsFlags = (prefix: '' | 'nats-') =>
  ({
    nats: { type: 'string' },
    [`${prefix}creds`]: { type: 'string' },
    [`${prefix}nkey`]: { type: 'string' },
    [`${prefix}token-file`]: { type: 'string' },
    [`${prefix}tls-ca`]: { type: 'string' },
    'insecure-open-nats': { type: 'boolean' },
  }) as const satisfies Record<string, { type: 'string' | 'boolean' }>;

/**
 * The NATS server and credential from the flags, else from config.json's
 * "nats"; undefined when neither names one. Credentials are files only, so
 * no secret sits in a command line or a process list. --insecure-open-nats
 * applies to either.
 */
export function natsSettings(values: Record<string, unknown>, prefix: '' | 'nats-'): NatsSettings | undefined {
  const get = (k: string): string | undefined => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const url = get('nats');
  const insecureOpen = values['insecure-open-nats'] === true;
  if (url === undefined) {
    const given = ['creds', 'nkey', 'token-file', 'tls-ca'].filter((k) => get(prefix + k) !== undefined);
    if (given.length) throw new UsageError(`--${prefix}${given[0]} needs --nats URL`);
    const fromConfig = readConfig().nats;
    return fromConfig && insecureOpen ? { ...fromConfig, insecureOpenNats: true } : fromConfig;
  }
  if (!/^(nats|tls):\/\/\S+$/.test(url)) throw new UsageError(`--nats must be a nats:// or tls:// address, got "${url}"`);
  return {
    url,
    credsFile: get(`${prefix}creds`),
    nkeyFile: get(`${prefix}nkey`),
    tokenFile: get(`${prefix}token-file`),
    tlsCaFile: get(`${prefix}tls-ca`),
    insecureOpenNats: insecureOpen,
  };
}
