import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { configFile } from './dirs';
import { errorMessage } from '../../app/error-message';

/** A setting file kvscope cannot use: the message names the file, so the user knows what to fix. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    why: string,
  ) {
    super(`${file}: ${why}`);
    this.name = 'ConfigError';
  }
}

const absolute = z.string().min(1).refine(isAbsolute, 'must be an absolute path');

/** Keys other than these are left alone, so a newer kvscope's settings do not break an older one. */
const KvscopeConfigSchema = z.object({
  /** Folders besides kvscope's own that a scenario may name in target.dataPath, target.sinkDir and target.jar. */
  allowedFolders: z.array(absolute).default([]),
  /** Hosts besides a target's own that a scenario's target.metricsUrls may name (main/policy/metrics-hosts.ts). */
  metricsHosts: z.array(z.string().regex(/^([A-Za-z0-9.-]+|\[?[0-9A-Fa-f:.]+\]?)$/, 'a host name or an IP address')).default([]),
  /** The NATS server of kvscope agents, when `--nats` is not given; credentials as files, never inline. */
  nats: z
    .strictObject({
      url: z.string().regex(/^(nats|tls):\/\/\S+$/, 'a nats:// or tls:// address'),
      credsFile: absolute.optional(),
      nkeyFile: absolute.optional(),
      tokenFile: absolute.optional(),
      tlsCaFile: absolute.optional(),
      /** As --insecure-open-nats: use a NATS that lets clients in without credentials, with a warning. */
      insecureOpenNats: z.boolean().optional(),
    })
    .optional(),
});
type KvscopeConfig = z.output<typeof KvscopeConfigSchema>;

/** Read and check a JSON settings file; a missing file is `undefined`, anything else wrong is a ConfigError. */
export function readJsonFile<T>(file: string, schema: z.ZodType<T>): T | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(file, `cannot read it: ${errorMessage(err)}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(file, `not valid JSON: ${errorMessage(err)}`);
  }
  const r = schema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new ConfigError(file, `${issue.path.join('.') || 'the file'}: ${issue.message}`);
  }
  return r.data;
}

/** config.json of kvscope's config folder; a missing file means every default. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): KvscopeConfig {
  return readJsonFile(configFile(env), KvscopeConfigSchema) ?? { allowedFolders: [], metricsHosts: [] };
}
