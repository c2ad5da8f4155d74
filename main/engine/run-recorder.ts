import { dirname } from 'node:path';
import type { LogEntry, RunLine } from '../../app/run/format';
import { RunWriteError, RunWriter } from '../../app/run/writer';
import { lowSpaceWarning } from './free-space';
import type { Run } from './orchestrator';
import { runFileName } from '../library/paths';
import { pathInside } from '../library/run-file-names';

/** Run files being written by this process: the library will not delete one from under its run. */
const recording = new Set<string>();

export function isRecording(path: string): boolean {
  return recording.has(path);
}

interface RecordHooks {
  /** The run file could not be written ("disk full: PATH"); the run is already being failed with that reason. */
  onWriteError?: (message: string) => void;
}

/**
 * Listens to a run and keeps it on disk as NDJSON: header, then phases, logs
 * and samples as they happen, then the summary. Lines emitted before the
 * header (the starting phase, connect errors) are written right after it.
 *
 * A failed write (disk full, I/O error, read-only or forbidden) never throws
 * into the run's events: the run is failed in order with the reason, writing
 * stops, and what was written stays readable (a file without its summary
 * opens as interrupted).
 */
export function recordRun(run: Run, target: { file?: string; dir: string }, hooks: RecordHooks = {}): { path: () => string | undefined } {
  let writer: RunWriter | undefined;
  let path: string | undefined;
  let broken = false;
  let ended = false;
  const early: RunLine[] = [];
  const guarded = (work: () => void): void => {
    if (broken) return;
    try {
      work();
    } catch (err) {
      broken = true;
      if (path) recording.delete(path);
      const message = (err instanceof RunWriteError ? err : RunWriteError.from(path ?? target.file ?? target.dir, err)).message;
      writer = undefined;
      hooks.onWriteError?.(message);
      // Deferred: the run's own emit is on the stack, and failing it emits more events. An ended run keeps its summary.
      if (!ended) queueMicrotask(() => run.fail(message));
    }
  };
  const write = (line: RunLine): void =>
    guarded(() => {
      if (writer) writer.append(line);
      else early.push(line);
    });
  run.on('header', (h) =>
    guarded(() => {
      const file = target.file ?? pathInside(target.dir, runFileName(h.scenario.name, h.id, new Date(h.createdAt)));
      writer = new RunWriter(file);
      // Only a file this run created is its file (an --out that exists is refused, and is someone else's).
      path = file;
      recording.add(file);
      writer.append({ type: 'header', data: h });
      for (const l of early.splice(0)) writer.append(l);
    }),
  );
  run.on('phase', (p) => write({ type: 'phase', data: p }));
  run.on('log', (l) => write({ type: 'log', data: l }));
  run.on('sample', (s) => write({ type: 'sample', data: s }));
  run.on('summary', (s) => {
    ended = true;
    write({ type: 'summary', data: s });
    guarded(() => writer?.close());
    if (path) recording.delete(path);
  });
  // After the caller's listeners are in place (they are added right after this call), before the run gets far.
  process.nextTick(() => {
    const warning = lowSpaceWarning(target.file ? dirname(target.file) : target.dir);
    if (warning) run.emit('log', { level: 'warn', source: 'main', message: warning, at: Date.now() } satisfies LogEntry);
  });
  return { path: () => path };
}
