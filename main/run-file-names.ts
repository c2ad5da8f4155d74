import { randomUUID } from 'node:crypto';
import { isAbsolute, relative, resolve } from 'node:path';

/** What a run id must look like to name a file: a UUID as kvscope makes them, nothing a path could hide in. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRunId(id: string): boolean {
  return UUID.test(id);
}

/** The id an imported run keeps: its own when it is a UUID, else a fresh one. */
export function importedRunId(id: string): string {
  return isRunId(id) ? id : randomUUID();
}

/**
 * `dir/name`, refused unless it stays directly inside `dir`: the last guard
 * between a name made from a run file's contents and the file system.
 */
export function pathInside(dir: string, name: string): string {
  const root = resolve(dir);
  const path = resolve(root, name);
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.includes('/') || rel.includes('\\')) {
    throw new Error(`${JSON.stringify(name)} is not a file name inside ${root}`);
  }
  return path;
}
