import { runsDir } from '../config/dirs';
import { SHORT_ID } from '../../app/run/title';

/** The folder runs are kept in: KVSCOPE_RUNS, else the user's data directory. */
export function defaultRunsDir(env: NodeJS.ProcessEnv = process.env): string {
  return runsDir(env);
}

/** A sortable, unique file name: start time, scenario name, short id. */
export function runFileName(name: string, id: string, at: Date): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return `${stamp}_${fileStem(name, id)}.ndjson`;
}

/**
 * `name_shortid` with only letters, digits, `_` and `-`: names and ids come
 * from scenarios and run files (imports), and end up as file names here and
 * as download names in the window.
 */
export function fileStem(name: string, id: string): string {
  const safe = name.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || 'run';
  const short = id.replace(/[^A-Za-z0-9-]+/g, '').slice(0, SHORT_ID) || 'run';
  return `${safe}_${short}`;
}
