import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/*
 * kvscope's own folders, after the XDG base directory spec. This is the one
 * place they are computed; main reaches it through main/config/dirs.ts. It
 * lives under app/ because the local-cluster keeper needs the cache folder
 * too, and a packaged app runs the keeper from app.asar.unpacked, which
 * holds dist/workers and dist/app only.
 */

type XdgBase = 'XDG_DATA_HOME' | 'XDG_CACHE_HOME' | 'XDG_CONFIG_HOME';

/** The spec says a relative XDG_* value is invalid and must be ignored: it would depend on the working folder. */
function base(env: NodeJS.ProcessEnv, name: XdgBase, ...fallback: string[]): string {
  const v = env[name];
  return v && isAbsolute(v) ? v : join(homedir(), ...fallback);
}

/** Kept data: the runs folder sits in here unless KVSCOPE_RUNS moves it. */
export const kvscopeDataDir = (env: NodeJS.ProcessEnv = process.env): string =>
  join(base(env, 'XDG_DATA_HOME', '.local', 'share'), 'kvscope');

/** Downloads that can be fetched again, e.g. the Hazelcast jar. */
export const kvscopeCacheDir = (env: NodeJS.ProcessEnv = process.env): string => join(base(env, 'XDG_CACHE_HOME', '.cache'), 'kvscope');

/** Settings only the user writes (config.json, runtimes.json); KVSCOPE_CONFIG_DIR overrides. */
export function kvscopeConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.KVSCOPE_CONFIG_DIR) return resolve(env.KVSCOPE_CONFIG_DIR);
  return join(base(env, 'XDG_CONFIG_HOME', '.config'), 'kvscope');
}
