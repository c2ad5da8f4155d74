import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findOnPath } from '../../app/host/which';
import { runtimesFile } from '../config/dirs';
import { probeRuntime, ProbeError } from '../config/runtime-probe';
import { readRuntimes, writeRuntimes, type Runtime } from '../config/runtimes';
import { NODE_ON_PATH } from '../policy/runtime';
import { table } from './format';
import { UsageError } from './load-scenario';

type Print = (line: string) => void;

/**
 * `kvscope runtimes list | add --path PATH | remove PATH`: the Node binaries
 * a scenario's `node` may name. Only this command writes the list, so which
 * programs may run is decided at the user's terminal, never by a scenario.
 */
export async function runtimesCommand(args: string[], print: Print): Promise<number> {
  const [sub = 'list', ...rest] = args;
  switch (sub) {
    case 'list':
      if (rest.length) throw new UsageError('runtimes list takes no arguments');
      return list(print);
    case 'add':
      return add(rest, print);
    case 'remove':
      return remove(rest, print);
    default:
      throw new UsageError(`unknown runtimes command "${sub}" (list, add --path PATH, remove PATH)`);
  }
}

function list(print: Print): number {
  const onPath = findOnPath(NODE_ON_PATH);
  const rows = [
    ['runtime', 'version', 'known as'],
    [onPath ?? '(none on PATH)', '', `"${NODE_ON_PATH}"`],
    [process.execPath, process.version, 'the Node kvscope runs on'],
    ...readRuntimes().map((r) => [r.path, r.version, 'added']),
  ];
  print(table(rows));
  print(`added runtimes are kept in ${runtimesFile()}`);
  return 0;
}

function add(args: string[], print: Print): number {
  const { values, positionals } = parseArgs({ args, options: { path: { type: 'string' } }, allowPositionals: true });
  if (!values.path || positionals.length) throw new UsageError('runtimes add takes --path PATH');
  let runtime: Runtime;
  try {
    runtime = probeRuntime(values.path);
  } catch (err) {
    if (err instanceof ProbeError) throw new UsageError(`cannot add ${values.path}: ${err.message}`);
    throw err;
  }
  const others = readRuntimes().filter((r) => r.path !== runtime.path);
  const file = writeRuntimes([...others, runtime]);
  print(`added ${runtime.path} (Node ${runtime.version}) to ${file}`);
  return 0;
}

function remove(args: string[], print: Print): number {
  const { values, positionals } = parseArgs({ args, options: { path: { type: 'string' } }, allowPositionals: true });
  const given = values.path ?? positionals[0];
  if (!given || positionals.length > (values.path ? 0 : 1)) throw new UsageError('runtimes remove takes one PATH');
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
