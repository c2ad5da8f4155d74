/**
 * Run files as text, for the reader, info and library tests: the records
 * come from the fixture run (real merge and summary), the lines are written
 * here by hand so a test can cut, damage or reorder them.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunGroup } from '../../app/plan/group';
import type { RunFile, RunHeader } from '../../app/run/format';
import { fixtureRun, steady } from './run-fixture';

export const line = (type: string, data: unknown): string => JSON.stringify({ type, data }) + '\n';

export interface TextOptions {
  /** Write the summary line (default true). */
  summary?: boolean;
  /** The header as written; default the run's own. */
  header?: unknown;
}

export function runText(run: RunFile, opts: TextOptions = {}): string {
  return (
    line('header', opts.header ?? run.header) +
    run.samples.map((s) => line('sample', s)).join('') +
    (opts.summary === false ? '' : line('summary', run.summary))
  );
}

/** The header as kvscope 0.x wrote it in format 1: no group. */
export function v1Header(h: RunHeader): Record<string, unknown> {
  const { group: _g, ...rest } = h;
  return { ...rest, version: 1 };
}

let counter = 0;
/** A run with its own id (`<prefix>` padded to a UUID-like id) and `n` measured seconds of `ops` gets per second. */
export function makeRun(
  prefix: string,
  opts: { seconds?: number; ops?: number; group?: RunGroup; createdAt?: string; scenario?: string } = {},
): RunFile {
  const id = `${prefix}${'0'.repeat(Math.max(0, 8 - prefix.length))}-0000-4000-8000-${String(++counter).padStart(12, '0')}`;
  const run = fixtureRun(id, steady(opts.seconds ?? 3, { get: { count: opts.ops ?? 20, us: 150 } }), {
    sets: opts.scenario ? [`name=${opts.scenario}`] : [],
  });
  if (opts.group) run.header.group = opts.group;
  if (opts.createdAt) run.header.createdAt = opts.createdAt;
  return run;
}

export const tempDir = (name: string): string => mkdtempSync(join(tmpdir(), `kvscope-${name}-`));

/** sha256 of every file in `dir`, by name. */
export function digest(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir).map((f) => [
      f,
      createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex'),
    ]),
  );
}

/** The bytes of a real PNG file's start: signature and the IHDR chunk of a 1x1 image. */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4580000000049454e44ae426082',
  'hex',
);
