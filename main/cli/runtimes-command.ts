import { realpathSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findOnPath } from '../../app/host/which';
import { runtimesFile } from '../config/dirs';
import { probeRuntime, ProbeError } from '../config/runtime-probe';
import { readRuntimes, writeRuntimes, type Runtime } from '../config/runtimes';
import { bareVersion, isVersionSpec, majorOf, NODE_ON_PATH, SYSTEM_NODE, versionMatches } from '../../app/scenario/node-version';
import { managedRuntimeDir } from '../config/node-dist';
import { addNodeVersion, recordRuntime } from '../config/runtime-manager';
import { table } from './format';
import { UsageError } from './load-scenario';
import { dispatch, installing } from './subcommands';

type Print = (line: string) => void;

/**
 * `kvscope runtimes list | add VERSION | add --path PATH | remove VERSION|PATH`:
 * the Node binaries a scenario's `node` may name. The list is written here
 * and by the dashboard's explicit Install (a version from the registry,
 * never a path), so which programs may run is never decided by a scenario.
 */
export function runtimesCommand(args: string[], print: Print): number | Promise<number> {
  return dispatch(
    'runtimes',
    args,
    { list: () => list(print), add: (rest) => add(rest, print), remove: (rest) => remove(rest, print) },
    'list, add VERSION, add --path PATH, remove VERSION|PATH',
  );
}

function list(print: Print): number {
  const onPath = findOnPath(NODE_ON_PATH);
  const rows = [
    ['runtime', 'version', 'known as'],
    [onPath ?? '(none on PATH)', '', `"${SYSTEM_NODE}" (or "${NODE_ON_PATH}")`],
    [process.execPath, process.version, 'the Node kvscope runs on'],
    ...readRuntimes().map((r) => [
      r.path,
      r.version,
      r.managed ? `"${majorOf(r.version)}", "${bareVersion(r.version)}" (installed)` : 'added',
    ]),
  ];
  print(table(rows, { left: [0, 1, 2] }));
  print(`added runtimes are kept in ${runtimesFile()}`);
  return 0;
}

async function add(args: string[], print: Print): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { path: { type: 'string' } }, allowPositionals: true });
  if (values.path && positionals.length === 0) return record(probed(values.path, values.path), print);
  if (values.path || positionals.length !== 1) throw new UsageError('runtimes add takes a VERSION (22, 22.11, 22.11.0) or --path PATH');
  const spec = positionals[0];
  if (!isVersionSpec(spec)) throw new UsageError(`"${spec}" is not a Node version (22, 22.11 or 22.11.0); for a binary on disk use --path`);
  const runtime = await installing(addNodeVersion(spec, print));
  print(`added ${runtime.path} (Node ${runtime.version}) to ${runtimesFile()}`);
  return 0;
}

function probed(path: string, what: string): Runtime {
  try {
    return probeRuntime(path);
  } catch (err) {
    if (err instanceof ProbeError) throw new UsageError(`cannot add ${what}: ${err.message}`);
    throw err;
  }
}

function record(runtime: Runtime, print: Print): number {
  recordRuntime(runtime);
  print(`added ${runtime.path} (Node ${runtime.version}) to ${runtimesFile()}`);
  return 0;
}

function remove(args: string[], print: Print): number {
  const { values, positionals } = parseArgs({ args, options: { path: { type: 'string' } }, allowPositionals: true });
  const given = values.path ?? positionals[0];
  if (!given || positionals.length > (values.path ? 0 : 1)) throw new UsageError('runtimes remove takes one VERSION or PATH');
  if (!values.path && isVersionSpec(given)) return removeVersion(given, print);
  // The list holds real paths; the one given may be a link to it, or already gone.
  const names = new Set([resolve(given)]);
  try {
    names.add(realpathSync(given));
  } catch {
    // A runtime that no longer exists can still be removed by the path it was added as.
  }
  const list = readRuntimes();
  const kept = list.filter((r) => !names.has(r.path));
  if (kept.length === list.length) throw new UsageError(`${given} is not in the runtimes list (${runtimesFile()})`);
  writeRuntimes(kept);
  print(`removed ${given}`);
  return 0;
}

/** Every installed runtime of that version (e.g. 22: each 22.x kvscope installed), its files included. */
function removeVersion(spec: string, print: Print): number {
  const list = readRuntimes();
  const gone = list.filter((r) => r.managed && versionMatches(spec, r.version));
  if (gone.length === 0) throw new UsageError(`no Node ${spec} installed by kvscope (kvscope runtimes list)`);
  writeRuntimes(list.filter((r) => !gone.includes(r)));
  for (const r of gone) {
    // Only the folder kvscope made for it in its cache: the list is a file a user could edit.
    const dir = managedRuntimeDir(r.version);
    if (dirname(dirname(r.path)) === dir || dirname(r.path) === dir) rmSync(dir, { recursive: true, force: true });
    print(`removed Node ${r.version} (${dir})`);
  }
  return 0;
}
