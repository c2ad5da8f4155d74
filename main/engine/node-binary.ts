import { isAbsolute } from 'node:path';
import { findOnPath, isExecutable } from '../../app/host/which';
import { compareVersions, isVersionSpec, NODE_ON_PATH, SYSTEM_NODE, versionMatches } from '../../app/scenario/node-version';
import { readRuntimes } from '../config/runtimes';

export interface NodeBinary {
  path: string;
  /** True when no Node was found and the current runtime (e.g. Electron's) is used instead. */
  fallback: boolean;
}

/**
 * The workers' runtime: an absolute path as given, or a name found on PATH.
 * Only when nothing is found does it fall back to the runtime running main.
 * Which names and paths a scenario may give is decided before this, by
 * main/policy (runtime.ts): here the choice is only carried out.
 */
export function resolveNodeBinary(name: string, env: NodeJS.ProcessEnv = process.env): NodeBinary {
  if (name === SYSTEM_NODE) return resolveNodeBinary(NODE_ON_PATH, env);
  if (isVersionSpec(name)) {
    // The newest installed runtime the version names.
    const match = readRuntimes(env)
      .filter((r) => versionMatches(name, r.version))
      .sort((a, b) => compareVersions(a.version, b.version))[0];
    if (!match) throw new Error(`node: no Node ${name} is installed (kvscope runtimes add ${name})`);
    return { path: match.path, fallback: false };
  }
  if (isAbsolute(name) || name.includes('/')) {
    if (isExecutable(name)) return { path: name, fallback: false };
    throw new Error(`node: ${name} is not an executable file`);
  }
  const found = findOnPath(name, env);
  return found ? { path: found, fallback: false } : { path: process.execPath, fallback: true };
}

/**
 * The environment of a child on `node`. When the fallback is Electron's own
 * binary, ELECTRON_RUN_AS_NODE makes it behave as plain Node.
 */
export function childEnv(node: NodeBinary, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  // The Node kvscope runs on may be named outright (the policy allows it); under Electron that is Electron too.
  if ((node.fallback || node.path === process.execPath) && process.versions.electron) env.ELECTRON_RUN_AS_NODE = '1';
  return env;
}
