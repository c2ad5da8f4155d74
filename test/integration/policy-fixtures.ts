import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI } from '../helpers/cli';
import { findOnPath } from '../../app/host/which';

/**
 * A throw-away home for kvscope's folders: config, data, cache and runs in a
 * temp folder (never the real home), a folder the config allows, and one
 * outside every allowed folder where attacks try to write.
 */
export interface Sandbox {
  root: string;
  env: Record<string, string>;
  configDir: string;
  dataDir: string;
  /** Listed in config.json's allowedFolders once `allow()` is called. */
  allowed: string;
  outside: string;
  allow(): void;
  marker(name: string): string;
  cleanup(): void;
}

export function sandbox(): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'kvscope-policy-'));
  const sub = (...p: string[]): string => {
    const d = join(root, ...p);
    mkdirSync(d, { recursive: true });
    return d;
  };
  const configDir = sub('config', 'kvscope');
  const env = {
    KVSCOPE_CONFIG_DIR: configDir,
    XDG_CONFIG_HOME: sub('xdg-config'),
    XDG_DATA_HOME: sub('data'),
    XDG_CACHE_HOME: sub('cache'),
    KVSCOPE_RUNS: sub('data', 'kvscope', 'runs'),
  };
  const allowed = sub('allowed');
  const outside = sub('outside');
  const markers = sub('markers');
  return {
    root,
    env,
    configDir,
    dataDir: join(env.XDG_DATA_HOME, 'kvscope'),
    allowed,
    outside,
    allow: () => writeFileSync(join(configDir, 'config.json'), JSON.stringify({ allowedFolders: [allowed] })),
    marker: (name) => join(markers, name),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Point this process's kvscope folders at the sandbox (for in-process runs); returns the undo. */
export function useSandboxEnv(sb: Sandbox): () => void {
  const saved = Object.fromEntries(Object.keys(sb.env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, sb.env);
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

/** NODE_OPTIONS that makes Node run code writing `marker` (percent-encoded: no spaces or quotes). */
export function importAttack(marker: string): string {
  return `--import=data:text/javascript,${encodeURIComponent(`import{writeFileSync}from"node:fs";writeFileSync(${JSON.stringify(marker)},"x")`)}`;
}

/** A module that writes `marker` when required. */
export function requireScript(dir: string, marker: string): string {
  const file = join(dir, 'evil.js');
  writeFileSync(file, `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x');\n`);
  return file;
}

/** An executable posing as a Node binary that writes `marker` when run. */
export function fakeNode(dir: string, marker: string): string {
  const file = join(dir, 'fake-node');
  writeFileSync(file, `#!/bin/sh\necho ran > '${marker}'\n`);
  chmodSync(file, 0o755);
  return file;
}

/**
 * A shared library whose constructor writes `marker`, built with the C
 * compiler when there is one; otherwise a path that does not exist (then
 * only the refusal is checked, not that the library would have run).
 */
export function preloadLibrary(dir: string, marker: string): string {
  const out = join(dir, 'evil.so');
  const cc = findOnPath('cc') ?? findOnPath('gcc');
  if (!cc) return out;
  const src = join(dir, 'evil.c');
  writeFileSync(
    src,
    `#include <stdio.h>\n__attribute__((constructor)) static void evil(void) { FILE *f = fopen(${JSON.stringify(marker)}, "w"); if (f) fclose(f); }\n`,
  );
  execFileSync(cc, ['-shared', '-fPIC', '-o', out, src]);
  return out;
}

/** `kvscope ARGS` with the sandbox's folders, to the end. */
export function kvscope(sb: Sandbox, args: string[], timeout = 60_000): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, ...sb.env }, timeout });
}

/** A scenario file in the sandbox. */
export function scenarioFile(sb: Sandbox, name: string, scenario: Record<string, unknown>): string {
  const file = join(sb.root, `${name}.json`);
  writeFileSync(file, JSON.stringify(scenario));
  return file;
}

/** A sandbox and a redis-server for the describe block it is called in, both gone after it. */
export function sandboxWithRedis(): { sb: Sandbox; port: () => number } {
  const sb = sandbox();
  let redis: RedisServer | undefined;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
    sb.cleanup();
  });
  return { sb, port: () => redis!.port };
}
