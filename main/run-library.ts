import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { MAX_LABEL_LENGTH, type RunListItem } from '../app/protocol/bridge';
import { parseRun, readRunFileAsync } from '../app/run/reader';
import type { RunFile } from '../app/run/format';
import { runFileName } from './paths';
import { importedRunId, pathInside } from './run-file-names';
import { sanitizedRunText } from './run-file-text';
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

  async list(): Promise<RunListItem[]> {
    return (await indexRuns(this.dir)).map((e) => this.item(e));
  }

  async read(id: string): Promise<RunFile> {
    return readRunFileAsync(await this.path(id));
  }

  async path(id: string): Promise<string> {
    const hit = (await indexRuns(this.dir)).find((e) => e.id === id);
    if (!hit) throw new LibraryError(`no run ${id} in ${this.dir}`);
    return pathInside(this.dir, hit.file);
  }

  async label(id: string, label: string): Promise<void> {
    if (label.length > MAX_LABEL_LENGTH) throw new LibraryError(`label: at most ${MAX_LABEL_LENGTH} characters, got ${label.length}`);
    atomicWrite((await this.path(id)) + META_SUFFIX, JSON.stringify({ label } satisfies Meta));
  }

  async delete(id: string): Promise<void> {
    const file = await this.path(id);
    rmSync(file);
    rmSync(file + META_SUFFIX, { force: true });
  }

  /**
   * A run file from elsewhere, checked before anything is written; refused when
   * that run is already here. An id that is not a UUID is replaced by a fresh
   * one (ids name files), and the header is stored with its secrets masked.
   */
  async import(name: string, text: string): Promise<RunListItem> {
    const run = parseRun(text, name);
    if ((await indexRuns(this.dir)).some((e) => e.id === run.header.id)) throw new LibraryError(`${name}: run ${run.header.id} is already in the library`);
    const id = importedRunId(run.header.id);
    const file = runFileName(run.header.scenario.name ?? basename(name), id, new Date(run.header.createdAt));
    const dest = pathInside(this.dir, file);
    if (existsSync(dest)) throw new LibraryError(`${name}: ${file} already exists in the library`);
    atomicWrite(dest, sanitizedRunText(text, id === run.header.id ? undefined : id));
    const entry = (await indexRuns(this.dir)).find((e) => e.file === file);
    if (!entry) throw new LibraryError(`${name}: imported but not readable back`);
    return this.item(entry);
  }

  async text(id: string): Promise<{ name: string; text: string }> {
    const path = await this.path(id);
    return { name: basename(path), text: sanitizedRunText(readFileSync(path, 'utf8')) };
  }

  private item(e: RunIndexEntry): RunListItem {
    return { ...e, label: e.status === 'unreadable' ? '' : readLabel(join(this.dir, e.file)) };
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
