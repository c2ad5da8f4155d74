import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { MAX_LABEL_LENGTH, type RunListItem } from '../../app/protocol/bridge';
import { openRegularFile, withinTime } from '../../app/run/regular-file';
import { parseRun, readRunFileAsync } from '../../app/run/reader';
import type { RunFile } from '../../app/run/format';
import { runFileName } from './paths';
import { importedRunId, pathInside, runFileIn } from './run-file-names';
import { isRecording } from '../engine/run-recorder';
import { sanitizedRunText } from './run-file-text';
import { indexRuns, type RunIndexEntry } from './run-index';
import { errorMessage } from '../../app/error-message';

/** A run's label lives beside it, so deleting or relabelling one run never rewrites a file shared with others. */
const META_SUFFIX = '.meta.json';

class LibraryError extends Error {}

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
    return Promise.all((await indexRuns(this.dir)).map((e) => this.item(e)));
  }

  /** A run by its file name: copies of one run share an id, so the file is what names the run chosen. */
  async read(file: string): Promise<RunFile> {
    const path = await this.path(file);
    return readRunFileAsync(path);
  }

  /** The path of a run file in the library, refused unless it is a plain name of a regular file there. */
  async path(file: string): Promise<string> {
    const path = this.named(file);
    // Opened and closed: refuses a FIFO, socket, device or missing file with its reason, without blocking.
    const fh = await withinTime(path, openRegularFile(path)).catch((err: Error) => {
      throw new LibraryError(err.message);
    });
    await fh.close();
    return path;
  }

  async label(file: string, label: string): Promise<void> {
    if (label.length > MAX_LABEL_LENGTH) throw new LibraryError(`label: at most ${MAX_LABEL_LENGTH} characters, got ${label.length}`);
    atomicWrite((await this.path(file)) + META_SUFFIX, JSON.stringify({ label } satisfies Meta));
  }

  async delete(file: string): Promise<void> {
    const path = this.named(file);
    if (isRecording(path)) throw new LibraryError('that run is still running; stop it first');
    // Any kind of file named as a run may be deleted (an unreadable one most of all); it is never opened.
    if (!existsSync(path)) throw new LibraryError(`no run file ${file} in ${this.dir}`);
    rmSync(path);
    rmSync(path + META_SUFFIX, { force: true });
  }

  /**
   * A run file from elsewhere, checked before anything is written; refused when
   * that run is already here. An id that is not a UUID is replaced by a fresh
   * one (ids name files), and the copy is stored with the secrets its header
   * held in clear masked in every line (sanitizedRunText).
   */
  async import(name: string, text: string): Promise<RunListItem> {
    const run = parseRun(text, name);
    if ((await indexRuns(this.dir)).some((e) => e.id === run.header.id))
      throw new LibraryError(`${name}: run ${run.header.id} is already in the library`);
    const id = importedRunId(run.header.id);
    const file = runFileName(run.header.scenario.name ?? basename(name), id, new Date(run.header.createdAt));
    const dest = pathInside(this.dir, file);
    if (existsSync(dest)) throw new LibraryError(`${name}: ${file} already exists in the library`);
    // Before the first run the folder may not exist yet: a run's writer makes it too.
    mkdirSync(this.dir, { recursive: true });
    atomicWrite(dest, sanitizedRunText(text, id === run.header.id ? undefined : id));
    const entry = (await indexRuns(this.dir)).find((e) => e.file === file);
    if (!entry) throw new LibraryError(`${name}: imported but not readable back`);
    return this.item(entry);
  }

  async text(file: string): Promise<{ name: string; text: string }> {
    const path = await this.path(file);
    return { name: basename(path), text: sanitizedRunText(await readRegular(path)) };
  }

  /** `dir/file` for a plain run file name, or a LibraryError saying why the name is refused. */
  private named(file: string): string {
    try {
      return runFileIn(this.dir, file);
    } catch (err) {
      throw new LibraryError(errorMessage(err));
    }
  }

  private async item(e: RunIndexEntry): Promise<RunListItem> {
    return { ...e, label: e.status === 'unreadable' ? '' : await readLabel(join(this.dir, e.file)) };
  }
}

/** A whole regular file as text, in bounded time; anything else is refused before it is opened. */
async function readRegular(path: string): Promise<string> {
  const read = async (): Promise<string> => {
    const fh = await openRegularFile(path);
    try {
      return await fh.readFile('utf8');
    } finally {
      await fh.close();
    }
  };
  return withinTime(path, read());
}

/** A label file that is missing, damaged or not a regular file (a FIFO would block) reads as no label. */
async function readLabel(runPath: string): Promise<string> {
  try {
    const meta = JSON.parse(await readRegular(runPath + META_SUFFIX)) as Partial<Meta>;
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
