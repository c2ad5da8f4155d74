import { closeSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { RunStatus, Summary } from '../app/metrics/summary';
import type { RunGroup } from '../app/plan/group';
import { RUN_FORMAT, type RunHeader } from '../app/run/format';

/**
 * The runs folder at a glance: each run's header (its first line) and
 * summary (its last line), read without reading the samples between, so a
 * folder of long runs lists at once. A file that cannot be read is listed
 * with its reason and never hides the others.
 */
export interface RunIndexEntry {
  file: string;
  id: string;
  scenario: string;
  target: string;
  createdAt: string;
  status: RunStatus | 'unreadable';
  summary: Summary | null;
  group?: RunGroup;
  error?: string;
}

export const RUN_FILE_SUFFIX = '.ndjson';
/** A header line is small (a scenario and the environment); a longer first line is not a run file. */
const HEAD_LIMIT_BYTES = 256 * 1024;
/** The summary line holds a few histogram-free figures per op type; this tail always contains it. */
const TAIL_BYTES = 256 * 1024;

function readRange(fd: number, start: number, length: number): string {
  const buf = Buffer.alloc(length);
  const n = readSync(fd, buf, 0, length, start);
  return buf.subarray(0, n).toString('utf8');
}

function entryOf(path: string, file: string): RunIndexEntry {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const head = readRange(fd, 0, Math.min(size, HEAD_LIMIT_BYTES));
    const nl = head.indexOf('\n');
    const first = JSON.parse(nl < 0 ? head : head.slice(0, nl)) as { type?: string; data?: RunHeader };
    const h = first.data;
    if (first.type !== 'header' || !h || h.format !== RUN_FORMAT) throw new Error('not a kvscope run file');
    const tail = readRange(fd, Math.max(0, size - TAIL_BYTES), Math.min(size, TAIL_BYTES));
    const last = tail.trimEnd().split('\n').pop() ?? '';
    let summary: Summary | null = null;
    try {
      const line = JSON.parse(last) as { type?: string; data?: Summary };
      if (line.type === 'summary' && line.data) summary = line.data;
    } catch {
      // A cut-off last line: the run was interrupted.
    }
    return {
      file,
      id: h.id,
      scenario: h.scenario?.name ?? '(unnamed)',
      target: h.scenario?.target?.kind ?? '?',
      createdAt: h.createdAt,
      status: summary?.status ?? 'interrupted',
      summary,
      ...(h.group ? { group: h.group } : {}),
    };
  } finally {
    closeSync(fd);
  }
}

/** Every run file in `dir`, newest first (file names start with the start time). */
export function indexRuns(dir: string): RunIndexEntry[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(RUN_FILE_SUFFIX));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return files
    .sort()
    .reverse()
    .map((file) => {
      try {
        return entryOf(join(dir, file), file);
      } catch (err) {
        const reason = err instanceof SyntaxError ? 'not a kvscope run file (first line is not JSON)' : (err as Error).message;
        return { file, id: '', scenario: '', target: '', createdAt: '', status: 'unreadable' as const, summary: null, error: reason };
      }
    });
}

/** A run by file path, or by the start of its id or file name in `dir`; a clear error when none or several match. */
export function resolveRun(ref: string, dir: string, exists: (p: string) => boolean): string {
  if (exists(ref)) return ref;
  const hits = indexRuns(dir).filter((e) => e.status !== 'unreadable' && (e.id.startsWith(ref) || e.file.startsWith(ref)));
  if (hits.length === 1) return join(dir, hits[0].file);
  if (hits.length === 0) throw new Error(`no run "${ref}" (neither a file nor an id or file name in ${dir})`);
  throw new Error(`"${ref}" matches ${hits.length} runs in ${dir}; give more of the id`);
}
