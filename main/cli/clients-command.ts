import { clientLabel, parseClientSpec, rangeText, type ClientSpec } from '../../app/scenario/client-version';
import { clientOptions, clientsDir, installClient, removeClient } from '../config/client-cache';
import { table } from './format';
import { UsageError } from './load-scenario';
import { dispatch, installing } from './subcommands';

type Print = (line: string) => void;

/**
 * `kvscope clients list | add PKG@VERSION | remove PKG@VERSION`: the client
 * library versions a target's `client` may name besides the bundled one.
 * Only this command, `run` (for the versions its scenario names) and the
 * dashboard's explicit Install write the cache.
 */
export function clientsCommand(args: string[], print: Print): number | Promise<number> {
  return dispatch(
    'clients',
    args,
    { list: () => list(print), add: (rest) => add(one(rest, 'add'), print), remove: (rest) => remove(one(rest, 'remove'), print) },
    'list, add PKG@VERSION, remove PKG@VERSION',
  );
}

function one(args: string[], sub: string): ClientSpec {
  if (args.length !== 1) throw new UsageError(`clients ${sub} takes one PKG@VERSION, e.g. ioredis@4.28.5`);
  const spec = parseClientSpec(args[0]);
  if (typeof spec === 'string') throw new UsageError(spec);
  return spec;
}

function list(print: Print): number {
  const rows = [
    ['client', 'version', 'supported', 'where'],
    ...clientOptions().map((c) => [c.pkg, c.version, rangeText(c.pkg), c.bundled ? 'bundled (no target.client)' : 'installed']),
  ];
  print(table(rows, { left: [0, 1, 2, 3] }));
  print(`installed versions are kept in ${clientsDir()}`);
  return 0;
}

async function add(spec: ClientSpec, print: Print): Promise<number> {
  await installing(installClient(spec, print));
  print(`a target's "client": "${clientLabel(spec)}" now runs on it`);
  return 0;
}

function remove(spec: ClientSpec, print: Print): number {
  if (!removeClient(spec)) throw new UsageError(`${clientLabel(spec)} is not installed (kvscope clients list)`);
  print(`removed ${clientLabel(spec)}`);
  return 0;
}
