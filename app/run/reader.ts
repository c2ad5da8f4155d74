import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { summarize } from '../metrics/summary';
import type { RunFile, RunHeader } from './format';
import { LineSplitter } from './lines';
import { lineTooLong, maxLineBytes, RunFileError, RunParser, type ParsedRun } from './parser';
import { errorMessage } from '../error-message';

export type { RunFile };
export { RunFileError };

/**
 * Reading run files. Every path goes through the same line parser
 * (`RunParser`): the first line must be a kvscope header of a version this
 * build reads (older ones are migrated), every record after it is checked,
 * and only a cut last line is forgiven: the run is then interrupted.
 *
 * Files are read in chunks, never as one string, so a run of hundreds of MB
 * costs its parsed samples in memory and nothing more.
 */

/** Bytes read at a time. */
const CHUNK_BYTES = 1024 * 1024;

function toRunFile(p: ParsedRun): RunFile {
  return {
    header: p.header,
    phases: p.phases,
    samples: p.samples,
    logs: p.logs,
    summary: p.summary ?? summarize(p.samples, 'interrupted', { latencyBucketsMs: p.header.scenario.latencyBucketsMs }),
    interrupted: p.truncated || p.summary === undefined,
  };
}

function wrapIo(path: string, err: unknown): RunFileError {
  if (err instanceof RunFileError) return err;
  return new RunFileError(path, `cannot read: ${errorMessage(err)}`);
}

/** A run file's text (already in memory, e.g. dropped into the window). */
export function parseRun(text: string, path = '(run)'): RunFile {
  const parser = new RunParser(path);
  const tooLong = lineTooLong(path);
  let lineNo = 0;
  let start = 0;
  while (start <= text.length) {
    let nl = text.indexOf('\n', start);
    if (nl === -1) nl = text.length;
    lineNo++;
    // Characters, not bytes: close enough for a limit that only guards against non-run input.
    if (nl - start > maxLineBytes(lineNo)) tooLong(lineNo, maxLineBytes(lineNo));
    parser.line(text.slice(start, nl), lineNo);
    start = nl + 1;
  }
  return toRunFile(parser.finish());
}

function readSyncInto(path: string, parser: RunParser): ParsedRun {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw wrapIo(path, err);
  }
  try {
    const splitter = new LineSplitter((l, n) => parser.line(l, n), maxLineBytes, lineTooLong(path));
    const buf = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, CHUNK_BYTES, null);
      } catch (err) {
        throw wrapIo(path, err);
      }
      if (n === 0) break;
      splitter.push(buf.subarray(0, n));
    }
    splitter.end();
    return parser.finish();
  } finally {
    closeSync(fd);
  }
}

async function readAsyncInto(path: string, parser: RunParser): Promise<ParsedRun> {
  const splitter = new LineSplitter((l, n) => parser.line(l, n), maxLineBytes, lineTooLong(path));
  const stream = createReadStream(path, { highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream) splitter.push(chunk as Buffer);
  } catch (err) {
    throw wrapIo(path, err);
  } finally {
    stream.destroy();
  }
  splitter.end();
  return parser.finish();
}

/** Read a run file (blocking); a file cut short by a crash still opens, marked interrupted. */
export function readRunFile(path: string): RunFile {
  return toRunFile(readSyncInto(path, new RunParser(path)));
}

/** Read a run file streaming, a chunk at a time, without blocking the event loop for its whole length. */
export async function readRunFileAsync(path: string): Promise<RunFile> {
  return toRunFile(await readAsyncInto(path, new RunParser(path)));
}

/** What checking a whole run file found: its (migrated) header and how it ends. */
interface RunCheck {
  header: RunHeader;
  /** No summary line, or a cut last line. */
  interrupted: boolean;
  samples: number;
}

/**
 * Validate every line of a run file streaming, keeping nothing in memory
 * but the header: for deciding whether a file may enter the library.
 * `name` is what error messages call the file (the user's file, not a temporary copy).
 */
export async function checkRunFile(path: string, name = path): Promise<RunCheck> {
  let parsed: ParsedRun;
  try {
    parsed = await readAsyncInto(path, new RunParser(name, false));
  } catch (err) {
    if (err instanceof RunFileError && name !== path && err.path === path) throw new RunFileError(name, err.message.slice(path.length + 2));
    throw err;
  }
  return { header: parsed.header, interrupted: parsed.truncated || parsed.summary === undefined, samples: parsed.counts.sample };
}
