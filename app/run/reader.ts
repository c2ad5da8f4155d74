import { readFileSync } from 'node:fs';
import type { Sample } from '../metrics/sample';
import { summarize, type Summary } from '../metrics/summary';
import { migrateHeader } from './migrate';
import { RUN_FORMAT, RUN_FORMAT_VERSION, type RunFile, type LogEntry, type PhaseMark, type RunHeader, type RunLine } from './format';

export type { RunFile };

export class RunFileError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'RunFileError';
  }
}

/** Read a run file; a file cut short by a crash still opens, marked interrupted. */
export function readRunFile(path: string): RunFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new RunFileError(path, `cannot read: ${(err as Error).message}`);
  }
  return parseRun(text, path);
}

export function parseRun(text: string, path = '(run)'): RunFile {
  const lines = text.split('\n');
  // Only the last line can be cut short by a crash; anywhere else, bad JSON is corruption.
  let lastNonEmpty = lines.length - 1;
  while (lastNonEmpty >= 0 && lines[lastNonEmpty].trim() === '') lastNonEmpty--;
  if (lastNonEmpty < 0) throw new RunFileError(path, 'empty file');
  const out: { header?: RunHeader; summary?: Summary; phases: PhaseMark[]; samples: Sample[]; logs: LogEntry[] } = {
    phases: [],
    samples: [],
    logs: [],
  };
  let truncated = false;
  for (let i = 0; i <= lastNonEmpty; i++) {
    const raw = lines[i];
    if (raw.trim() === '') continue;
    let line: RunLine | null;
    try {
      line = JSON.parse(raw) as RunLine | null;
    } catch {
      if (i === lastNonEmpty && out.header) {
        truncated = true;
        continue;
      }
      throw new RunFileError(path, out.header ? `line ${i + 1} is not JSON` : 'not a kvscope run file');
    }
    if (line === null || typeof line !== 'object' || typeof line.type !== 'string') {
      throw new RunFileError(path, out.header ? `line ${i + 1} is not a run record` : 'not a kvscope run file');
    }
    if (!out.header) {
      out.header = readHeader(line, path);
      continue;
    }
    switch (line.type) {
      case 'phase':
        out.phases.push(line.data);
        break;
      case 'sample':
        out.samples.push(line.data);
        break;
      case 'log':
        out.logs.push(line.data);
        break;
      case 'summary':
        out.summary = line.data;
        break;
      default:
        throw new RunFileError(path, `line ${i + 1} has unknown type ${(line as { type: string }).type}`);
    }
  }
  if (!out.header) throw new RunFileError(path, 'empty file');
  return {
    header: out.header,
    phases: out.phases,
    samples: out.samples,
    logs: out.logs,
    summary: out.summary ?? summarize(out.samples, 'interrupted'),
    interrupted: truncated || out.summary === undefined,
  };
}

function readHeader(line: RunLine, path: string): RunHeader {
  if (line.type !== 'header' || line.data === null || typeof line.data !== 'object' || line.data.format !== RUN_FORMAT) {
    throw new RunFileError(path, 'not a kvscope run file');
  }
  if (typeof line.data.version !== 'number') throw new RunFileError(path, 'run file has no format version');
  if (line.data.version > RUN_FORMAT_VERSION) {
    throw new RunFileError(path, `written by a newer kvscope (format ${line.data.version}; this one reads ${RUN_FORMAT_VERSION})`);
  }
  if (!Number.isInteger(line.data.version) || line.data.version < 1) throw new RunFileError(path, `unknown run format version ${line.data.version}`);
  return migrateHeader(line.data);
}
