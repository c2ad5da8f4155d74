import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { MAX_LABEL_LENGTH, type RunListItem } from '../app/protocol/bridge';
import { parseRun, readRunFile } from '../app/run/reader';
import type { RunFile } from '../app/run/format';
import { runFileName } from './paths';
import { indexRuns, type RunIndexEntry } from './run-index';

/** A run's label lives beside it, so deleting or relabelling one run never rewrites a file shared with others. */
const META_SUFFIX = '.meta.json';

export class LibraryError extends Error {}

interface Meta {
  label: string;
}

/**
 * The runs folder as the window sees it: every run listed (unreadable files
 * too, with their reason), labelled, deleted or imported one file at a time.
 * Writes go to a temporary name and are renamed into place, so a crash never
 * leaves half a label or half an imported run.
 */
export class RunLibrary {
  constructor(readonly dir: string) {}

  list(): RunListItem[] {
    return indexRuns(this.dir).map((e) => this.item(e));
  }

  read(id: string): RunFile {
    return readRunFile(this.path(id));
  }

  path(id: string): string {
    const hit = indexRuns(this.dir).find((e) => e.id === id);
    if (!hit) throw new LibraryError(`no run ${id} in ${this.dir}`);
    return join(this.dir, hit.file);
  }

  label(id: string, label: string): void {
    if (label.length > MAX_LABEL_LENGTH) throw new LibraryError(`label: at most ${MAX_LABEL_LENGTH} characters, got ${label.length}`);
    atomicWrite(this.path(id) + META_SUFFIX, JSON.stringify({ label } satisfies Meta));
  }

  delete(id: string): void {
    const file = this.path(id);
    rmSync(file);
    rmSync(file + META_SUFFIX, { force: true });
  }

  /** A run file from elsewhere, checked before anything is written; refused when that run is already here. */
  import(name: string, text: string): RunListItem {
    const run = parseRun(text, name);
    if (indexRuns(this.dir).some((e) => e.id === run.header.id)) throw new LibraryError(`${name}: run ${run.header.id} is already in the library`);
    const file = runFileName(run.header.scenario.name ?? basename(name), run.header.id, new Date(run.header.createdAt));
    const dest = join(this.dir, file);
    if (existsSync(dest)) throw new LibraryError(`${name}: ${file} already exists in the library`);
    atomicWrite(dest, text);
    const entry = indexRuns(this.dir).find((e) => e.file === file);
    if (!entry) throw new LibraryError(`${name}: imported but not readable back`);
    return this.item(entry);
  }

  text(id: string): { name: string; text: string } {
    const path = this.path(id);
    return { name: basename(path), text: readFileSync(path, 'utf8') };
  }

  private item(e: RunIndexEntry): RunListItem {
    return {
      id: e.id,
      file: e.file,
      scenario: e.scenario,
      target: e.target,
      createdAt: e.createdAt,
      seconds: e.summary?.seconds ?? null,
      opsPerSec: e.summary?.total.opsPerSec.mean ?? null,
      p99: e.summary?.total.latency.p99 ?? null,
      status: e.status,
      label: e.status === 'unreadable' ? '' : readLabel(join(this.dir, e.file)),
      group: e.group ?? null,
      ...(e.error ? { error: e.error } : {}),
    };
  }
}

function readLabel(runPath: string): string {
  try {
    const meta = JSON.parse(readFileSync(runPath + META_SUFFIX, 'utf8')) as Partial<Meta>;
    return typeof meta.label === 'string' ? meta.label : '';
  } catch {
    return '';
  }
}

function atomicWrite(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { flag: 'wx' });
  renameSync(tmp, path);
}
