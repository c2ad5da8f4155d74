import { homedir } from 'node:os';
import { join } from 'node:path';

/** The folder runs are kept in: KVSCOPE_RUNS, else the user's data directory. */
export function defaultRunsDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.KVSCOPE_RUNS) return env.KVSCOPE_RUNS;
  const data = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(data, 'kvscope', 'runs');
}

/** A sortable, unique file name: start time, scenario name, short id. */
export function runFileName(name: string, id: string, at: Date): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const safe = name.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60);
  return `${stamp}_${safe}_${id.slice(0, 8)}.ndjson`;
}
