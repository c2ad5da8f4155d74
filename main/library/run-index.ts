import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readRunInfo } from '../../app/run/info';
import type { RunFacts } from '../../app/run/format';
import type { RunStatus } from '../../app/metrics/summary';
import { RUN_FILE_SUFFIX } from './run-file-names';
import { errorMessage } from '../../app/error-message';

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

export { RUN_FILE_SUFFIX };

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
  return mapLimited(files, INDEX_READS_AT_ONCE, async (file): Promise<RunIndexEntry> => {
    try {
      const { path: _path, hasSummary: _s, writtenVersion: _v, size: _z, modifiedMs: _m, ...facts } = await readRunInfo(join(dir, file));
      return facts;
    } catch (err) {
      return unreadable(file, errorMessage(err).replace(`${join(dir, file)}: `, ''));
    }
  });
}

/**
 * Files read at once while listing: each read's time limit then counts its
 * own read, not its wait behind a thousand others, and one listing leaves
 * threads of libuv's pool (4 by default) for everything else.
 */
const INDEX_READS_AT_ONCE = 2;

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/**
 * A run by file path, or by the start of its file name or id in `dir`; a
 * clear error when none or several match. Several files with one full id are
 * copies of one run: the error says so and names them, so the user can pick
 * one by its file.
 */
export async function resolveRun(ref: string, dir: string, exists: (p: string) => boolean): Promise<string> {
  if (exists(ref)) return ref;
  const readable = (await indexRuns(dir)).filter((e) => e.status !== 'unreadable');
  const byFile = readable.filter((e) => e.file === ref);
  if (byFile.length === 1) return join(dir, byFile[0].file);
  const hits = readable.filter((e) => e.id.startsWith(ref) || e.file.startsWith(ref));
  if (hits.length === 1) return join(dir, hits[0].file);
  if (hits.length === 0) throw new Error(`no run "${ref}" (neither a file nor an id or file name in ${dir})`);
  const files = hits.map((e) => `  ${join(dir, e.file)}`).join('\n');
  if (hits.every((e) => e.id === ref)) {
    throw new Error(`"${ref}" is the id of ${hits.length} copies of one run in ${dir}; give one of their files:\n${files}`);
  }
  throw new Error(`"${ref}" matches ${hits.length} runs in ${dir}; give more of the id, or one of these files:\n${files}`);
}
