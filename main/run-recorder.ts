import type { Sample } from '../app/metrics/sample';
import type { Summary } from '../app/metrics/summary';
import type { LogEntry, PhaseMark, RunHeader, RunLine } from '../app/run/format';
import { RunWriter } from '../app/run/writer';
import type { Run } from './orchestrator';
import { runFileName } from './paths';
import { pathInside } from './run-file-names';

/**
 * Listens to a run and keeps it on disk as NDJSON: header, then phases, logs
 * and samples as they happen, then the summary. Lines emitted before the
 * header (the starting phase, connect errors) are written right after it.
 */
export function recordRun(run: Run, target: { file?: string; dir: string }): { path: () => string | undefined } {
  let writer: RunWriter | undefined;
  const early: RunLine[] = [];
  const write = (line: RunLine): void => {
    if (writer) writer.append(line);
    else early.push(line);
  };
  run.on('header', (h: RunHeader) => {
    writer = new RunWriter(target.file ?? pathInside(target.dir, runFileName(h.scenario.name, h.id, new Date(h.createdAt))));
    writer.append({ type: 'header', data: h });
    for (const l of early.splice(0)) writer.append(l);
  });
  run.on('phase', (p: PhaseMark) => write({ type: 'phase', data: p }));
  run.on('log', (l: LogEntry) => write({ type: 'log', data: l }));
  run.on('sample', (s: Sample) => write({ type: 'sample', data: s }));
  run.on('summary', (s: Summary) => {
    write({ type: 'summary', data: s });
    writer?.close();
  });
  return { path: () => writer?.path };
}
