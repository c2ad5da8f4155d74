import { bareVersion as bare, compareVersions, majorOf, SYSTEM_NODE, versionMatches } from '../../app/scenario/node-version';
import type { RuntimeOption } from '../../app/protocol/bridge';
import { installNode, resolveNodeVersion } from './node-dist';
import { probeRuntime } from './runtime-probe';
import { readRuntimes, writeRuntimes, type Runtime } from './runtimes';

/**
 * Install the newest Node the version names (22, 22.11, 22.11.0) from the npm
 * registry into kvscope's cache, check it runs, and record it. For the CLI's
 * `runtimes add VERSION` and the dashboard's explicit Install: never for a
 * scenario, which can only name what is installed.
 */
export async function addNodeVersion(spec: string, say: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<Runtime> {
  say(`looking up the newest Node ${spec} in the npm registry`);
  const version = await resolveNodeVersion(spec);
  const bin = await installNode(version, say, env);
  say(`checking that ${bin} runs`);
  const runtime = probeRuntime(bin);
  if (!versionMatches(version, runtime.version)) throw new Error(`${bin} says ${runtime.version}, not ${version}`);
  return recordRuntime({ ...runtime, managed: true }, env);
}

/** Add to the list (replacing an entry of the same path); returns what was recorded. */
export function recordRuntime(runtime: Runtime, env: NodeJS.ProcessEnv = process.env): Runtime {
  writeRuntimes([...readRuntimes(env).filter((r) => r.path !== runtime.path), runtime], env);
  return runtime;
}

/**
 * What the editor's Node select offers: the node on PATH; each major kvscope
 * installed (its newest runs) and each exact version; each added path.
 */
export function runtimeOptions(env: NodeJS.ProcessEnv = process.env): RuntimeOption[] {
  const list = readRuntimes(env);
  const managed = list.filter((r) => r.managed).sort((a, b) => compareVersions(a.version, b.version));
  const options: RuntimeOption[] = [{ value: SYSTEM_NODE, label: 'system (node on PATH)' }];
  for (const major of [...new Set(managed.map((r) => majorOf(r.version)))]) {
    const newest = managed.find((r) => majorOf(r.version) === major)!;
    options.push({ value: major, label: `Node ${major} (newest installed: ${bare(newest.version)})` });
  }
  for (const r of managed) options.push({ value: bare(r.version), label: `Node ${bare(r.version)}` });
  for (const r of list.filter((x) => !x.managed)) options.push({ value: r.path, label: `Node ${bare(r.version)} at ${r.path}` });
  return options;
}
