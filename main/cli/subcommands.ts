import { errorMessage } from '../../app/error-message';
import { UsageError } from './load-scenario';

/** One subcommand: the words after its name, to an exit code. */
export type Subcommand = (args: string[]) => number | Promise<number>;

/**
 * `kvscope COMMAND SUB ...` for the commands that keep a list kvscope may
 * use (clients, runtimes): `list` when no subcommand is given, which takes
 * no words, and a refusal naming the subcommands for anything else.
 */
export function dispatch(command: string, args: string[], subs: Record<string, Subcommand>, usage: string): number | Promise<number> {
  const [sub = 'list', ...rest] = args;
  if (!Object.hasOwn(subs, sub)) throw new UsageError(`unknown ${command} command "${sub}" (${usage})`);
  if (sub === 'list' && rest.length) throw new UsageError(`${command} list takes no arguments`);
  return subs[sub](rest);
}

/** An install npm could not make is the user's to fix (a version that does not exist, no registry): bad usage, exit 2. */
export async function installing<T>(install: Promise<T>): Promise<T> {
  try {
    return await install;
  } catch (err) {
    throw new UsageError(errorMessage(err));
  }
}
