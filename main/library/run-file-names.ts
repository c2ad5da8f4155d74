import { randomUUID } from 'node:crypto';
import { isAbsolute, relative, resolve } from 'node:path';

/** What a run id must look like to name a file: a UUID as kvscope makes them, nothing a path could hide in. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isRunId(id: string): boolean {
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

/** What every run file's name ends with. */
export const RUN_FILE_SUFFIX = '.ndjson';

/**
 * A run chosen by its file: a plain name ending .ndjson, resolved inside the
 * runs folder. Runs are addressed by file, never by header id: two copies of
 * one run share an id and must still be told apart.
 */
export function runFileIn(dir: string, file: string): string {
  if (!file.endsWith(RUN_FILE_SUFFIX))
    throw new Error(`file: ${JSON.stringify(file)} is not a run file name (it must end ${RUN_FILE_SUFFIX})`);
  if (file.includes('/') || file.includes('\\') || file.includes('\0'))
    throw new Error(`file: ${JSON.stringify(file)} must be a plain file name, without a folder`);
  return pathInside(dir, file);
}
