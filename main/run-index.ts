import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readRunInfo } from '../app/run/info';
import type { RunFacts } from '../app/run/format';
import type { RunStatus } from '../app/metrics/summary';

/**
 * The runs folder at a glance: each run's facts from its header and summary
 * (readRunInfo reads a file's first line and its tail, never the samples
 * between), so a folder of long runs lists at once. A file that cannot be
 * read is listed with its reason and never hides the others.
 */
export interface RunIndexEntry extends RunFacts {
  status: RunStatus | 'unreadable';
  error?: string;
}

export const RUN_FILE_SUFFIX = '.ndjson';

const unreadable = (file: string, error: string): RunIndexEntry => ({
  file,
  id: '',
  scenario: '',
  target: '',
  createdAt: '',
  seconds: null,
  opsPerSec: null,
  p99: null,
  group: null,
  status: 'unreadable',
  error,
});

/** Every run file in `dir`, newest first (file names start with the start time). */
export async function indexRuns(dir: string): Promise<RunIndexEntry[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith(RUN_FILE_SUFFIX));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  files.sort().reverse();
  return Promise.all(
    files.map(async (file): Promise<RunIndexEntry> => {
      try {
        const { path: _path, hasSummary: _s, writtenVersion: _v, size: _z, modifiedMs: _m, ...facts } = await readRunInfo(join(dir, file));
        return facts;
      } catch (err) {
        return unreadable(file, (err as Error).message.replace(`${join(dir, file)}: `, ''));
      }
    }),
  );
}

/** A run by file path, or by the start of its id or file name in `dir`; a clear error when none or several match. */
export async function resolveRun(ref: string, dir: string, exists: (p: string) => boolean): Promise<string> {
  if (exists(ref)) return ref;
  const hits = (await indexRuns(dir)).filter((e) => e.status !== 'unreadable' && (e.id.startsWith(ref) || e.file.startsWith(ref)));
  if (hits.length === 1) return join(dir, hits[0].file);
  if (hits.length === 0) throw new Error(`no run "${ref}" (neither a file nor an id or file name in ${dir})`);
  throw new Error(`"${ref}" matches ${hits.length} runs in ${dir}; give more of the id`);
}
