import { isAbsolute } from 'node:path';
import { findOnPath, isExecutable } from '../../app/host/which';
import { isVersionSpec, NODE_ON_PATH, notInstalledReason, SYSTEM_NODE } from '../../app/scenario/node-version';
import { installedRuntime } from '../config/runtimes';

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
    const match = installedRuntime(name, env);
    if (!match) throw new Error(`node: ${notInstalledReason(name)}`);
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
