import { closeSync, fdatasyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RunLine } from './format';

/** What a failed write of a run file is called, by its errno code: the words a user acts on. */
const WRITE_FAILURES: Record<string, string> = {
  ENOSPC: 'disk full',
  EDQUOT: 'disk quota exceeded',
  EIO: 'input/output error writing',
  EROFS: 'read-only file system',
  EPERM: 'not permitted to write',
  EACCES: 'not permitted to write',
  EFBIG: 'file too large',
};

/** A run file could not be written; the message names the cause and the file ("disk full: PATH"). */
export class RunWriteError extends Error {
  constructor(
    readonly path: string,
    readonly code: string | undefined,
    detail: string,
  ) {
    super(`${(code && WRITE_FAILURES[code]) ?? `cannot write (${detail})`}: ${path}`);
    this.name = 'RunWriteError';
  }

  static from(path: string, err: unknown): RunWriteError {
    if (err instanceof RunWriteError) return err;
    const e = err as NodeJS.ErrnoException;
    return new RunWriteError(path, e?.code, e?.message ?? String(err));
  }
}

/**
 * Appends run lines as they happen. Each line is one write(2) of a complete
 * JSON line, and samples are flushed to disk as they arrive, so a crash of
 * this process (or the machine) loses at most the second in progress.
 * Every file system error is thrown as a RunWriteError naming its cause.
 */
export class RunWriter {
  private fd: number | undefined;

  constructor(readonly path: string) {
    try {
      mkdirSync(dirname(path), { recursive: true });
      // 'wx': never overwrite an existing run.
      this.fd = openSync(path, 'wx');
    } catch (err) {
      throw RunWriteError.from(path, err);
    }
  }

  append(line: RunLine): void {
    if (this.fd === undefined) return;
    try {
      const bytes = Buffer.from(JSON.stringify(line) + '\n');
      // A short write (the disk filling up mid-line) is followed by one for the rest, which reports the cause.
      for (let done = 0; done < bytes.length;) done += writeSync(this.fd, bytes, done);
      if (line.type === 'sample' || line.type === 'summary' || line.type === 'header') fdatasyncSync(this.fd);
    } catch (err) {
      throw RunWriteError.from(this.path, err);
    }
  }

  close(): void {
    if (this.fd === undefined) return;
    const fd = this.fd;
    this.fd = undefined;
    try {
      closeSync(fd);
    } catch (err) {
      throw RunWriteError.from(this.path, err);
    }
  }
}
