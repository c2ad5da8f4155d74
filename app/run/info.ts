import { thresholdMisses } from '../metrics/thresholds';
import type { FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import type { RunStatus, Summary } from '../metrics/summary';
import { outcomeOf, type OutcomeKind } from '../metrics/outcome';
import type { RunFacts } from './format';
import { HEADER_MAX_BYTES, headerFromLine, lineTooLong, RunFileError } from './parser';
import { openRegularFile, withinTime } from './regular-file';
import { issuesText, SummarySchema } from './schema';
import { scrubDeep, scrubSecrets } from '../scenario/secrets';
import { errorMessage } from '../error-message';

/**
 * A run at a glance, for listing a folder of runs: read from the file's
 * first line (the header) and its last ~64 KB (where the summary line is),
 * never the samples between, so listing costs the same for a 10 s run and a
 * 100 MB one.
 *
 * A run without a summary line (interrupted, or still being written) has no
 * figures here: seconds, opsPerSec and p99 are null ("unknown"), and status
 * is 'interrupted'. Computing them would mean reading the whole file (the
 * summary is a function of every sample), on every listing, for exactly the
 * runs that are largest and least trusted; opening the run (readRunFile /
 * readRunFileAsync) computes them from the samples instead.
 *
 * Only the header and the summary are validated; a file damaged in the
 * middle lists normally and is refused when opened.
 */
interface RunFileInfo extends RunFacts {
  path: string;
  status: RunStatus;
  hasSummary: boolean;
  /** The format version the file was written in (the header has been migrated to the current one). */
  writtenVersion: number;
  size: number;
  /** Last modification (epoch ms): how the library tells a run being written from one that stopped. */
  modifiedMs: number;
}

/** Bytes read from the end for the summary line; it holds a few figures per op type and is a few KB. */
export const INFO_TAIL_BYTES = 64 * 1024;
/** A last line longer than this cannot be a summary: the tail read stops growing here. */
const MAX_SUMMARY_BYTES = 1024 * 1024;
/** Bytes read at a time from the start while looking for the end of the header line. */
const HEAD_CHUNK_BYTES = 64 * 1024;

const WHITESPACE = new Set([0x0a, 0x0d, 0x20, 0x09]);

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let got = 0;
  while (got < length) {
    const { bytesRead } = await fh.read(buf, got, length - got, position + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return buf.subarray(0, got);
}

/** The header line's text and the offset just past its newline (or the file's end). */
async function readHeadLine(fh: FileHandle, size: number, path: string): Promise<{ text: string; end: number }> {
  const parts: Buffer[] = [];
  let pos = 0;
  while (pos < size) {
    const chunk = await readAt(fh, pos, Math.min(HEAD_CHUNK_BYTES, size - pos));
    if (chunk.length === 0) break;
    const nl = chunk.indexOf(0x0a);
    if (nl !== -1) {
      parts.push(chunk.subarray(0, nl));
      const text = Buffer.concat(parts).toString('utf8');
      // Blank lines before the header are allowed by the reader; here they are rare enough to read on past.
      if (text.trim() === '') {
        parts.length = 0;
        pos += nl + 1;
        continue;
      }
      return { text, end: pos + nl + 1 };
    }
    parts.push(chunk);
    pos += chunk.length;
    if (pos > HEADER_MAX_BYTES) lineTooLong(path)(1, HEADER_MAX_BYTES);
  }
  return { text: Buffer.concat(parts).toString('utf8'), end: size };
}

/** The last non-blank line in [from, size), read from the end in growing steps; undefined when there is none or it is too long to be a summary. */
async function readLastLine(fh: FileHandle, from: number, size: number): Promise<string | undefined> {
  let want = INFO_TAIL_BYTES;
  for (;;) {
    const start = Math.max(from, size - want);
    const tail = await readAt(fh, start, size - start);
    let end = tail.length;
    while (end > 0 && WHITESPACE.has(tail[end - 1])) end--;
    if (end === 0) return undefined;
    const nl = tail.lastIndexOf(0x0a, end - 1);
    if (nl !== -1 || start === from) return tail.toString('utf8', nl + 1, end);
    if (want >= MAX_SUMMARY_BYTES) return undefined;
    want *= 4;
  }
}

/** The summary line, its strings (the outcome's reason) scrubbed of the header's secrets. */
function summaryOf(line: string | undefined, path: string, secrets: readonly string[]): Summary | undefined {
  if (line === undefined) return undefined;
  let rec: unknown;
  try {
    rec = JSON.parse(line);
  } catch {
    return undefined; // a cut last line: the run was interrupted
  }
  if (rec === null || typeof rec !== 'object' || (rec as { type?: unknown }).type !== 'summary') return undefined;
  const checked = SummarySchema.safeParse((rec as { data?: unknown }).data);
  if (!checked.success)
    throw new RunFileError(path, scrubSecrets(`the summary (last line) is damaged: ${issuesText(checked.error)}`, secrets));
  return scrubDeep((rec as { data: Summary }).data, secrets);
}

function verdict(summary: Summary | undefined): { outcome: OutcomeKind; reason: string } {
  if (!summary) return { outcome: 'interrupted', reason: 'no summary: the run is still being written, or kvscope stopped mid-run' };
  const o = outcomeOf(summary);
  return { outcome: o.kind, reason: o.reason };
}

/** A run's header and summary figures, from its first line and its last ~64 KB; refused for anything but a regular file, and bounded in time. */
export function readRunInfo(path: string): Promise<RunFileInfo> {
  return withinTime(path, readInfo(path));
}

async function readInfo(path: string): Promise<RunFileInfo> {
  const fh = await openRegularFile(path);
  try {
    const st = await fh.stat();
    if (st.size === 0) throw new RunFileError(path, 'empty file');
    const head = await readHeadLine(fh, st.size, path);
    if (head.text.trim() === '') throw new RunFileError(path, 'empty file');
    const { header, writtenVersion, secrets } = headerFromLine(head.text, path);
    const summary = summaryOf(await readLastLine(fh, head.end, st.size), path, secrets);
    return {
      id: header.id,
      file: basename(path),
      path,
      scenario: header.scenario.name,
      target: header.scenario.target.kind,
      createdAt: header.createdAt,
      seconds: summary ? summary.seconds : null,
      // No measured second, or no answered operation, is no figure: shown as a dash, not as 0.
      opsPerSec: summary && summary.seconds > 0 ? summary.total.opsPerSec.mean : null,
      p99: summary && summary.total.ops > 0 ? summary.total.latency.p99 : null,
      status: summary ? summary.status : 'interrupted',
      ...verdict(summary),
      ...(summary?.thresholds?.length ? { thresholdsMissed: thresholdMisses(summary.thresholds) } : {}),
      hasSummary: summary !== undefined,
      group: header.group ?? null,
      writtenVersion,
      size: st.size,
      modifiedMs: st.mtimeMs,
    };
  } catch (err) {
    if (err instanceof RunFileError) throw err;
    throw new RunFileError(path, `cannot read: ${errorMessage(err)}`);
  } finally {
    await fh.close();
  }
}
