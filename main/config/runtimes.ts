import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { readJsonFile } from './config-file';
import { runtimesFile } from './dirs';
import { compareVersions, versionMatches } from '../../app/scenario/node-version';

/**
 * A Node binary the user vouched for with `kvscope runtimes add`: its real
 * path (symlinks resolved) and version; `managed` when kvscope installed it
 * into its cache (`add VERSION`), so `remove` deletes its files too.
 */
export interface Runtime {
  path: string;
  version: string;
  managed?: boolean;
}

const RuntimesSchema = z.object({
  runtimes: z.array(z.object({ path: z.string().min(1), version: z.string(), managed: z.boolean().optional() })).default([]),
});

/** The runtimes list; empty when the file does not exist. Throws a ConfigError naming the file when it is unusable. */
export function readRuntimes(env: NodeJS.ProcessEnv = process.env): Runtime[] {
  return readJsonFile(runtimesFile(env), RuntimesSchema)?.runtimes ?? [];
}

/**
 * The newest runtime in the list that a version names (22 takes 22.x.y), or
 * undefined: what a scenario's `node: "22"` runs on.
 */
export function installedRuntime(spec: string, env: NodeJS.ProcessEnv = process.env): Runtime | undefined {
  return readRuntimes(env)
    .filter((r) => versionMatches(spec, r.version))
    .sort((a, b) => compareVersions(a.version, b.version))[0];
}

/**
 * Replace the list. Called by the CLI (`kvscope runtimes`) and the
 * dashboard's explicit Install, which only adds a Node kvscope fetched from
 * the registry by version: a scenario never changes what may run.
 */
export function writeRuntimes(list: readonly Runtime[], env: NodeJS.ProcessEnv = process.env): string {
  const file = runtimesFile(env);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ runtimes: list }, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
  return file;
}
