import { closeSync, fdatasyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RunLine } from './format';

/**
 * Appends run lines as they happen. Each line is one write(2) of a complete
 * JSON line, and samples are flushed to disk as they arrive, so a crash of
 * this process (or the machine) loses at most the second in progress.
 */
export class RunWriter {
  private fd: number | undefined;

  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true });
    // 'wx': never overwrite an existing run.
    this.fd = openSync(path, 'wx');
  }

  append(line: RunLine): void {
    if (this.fd === undefined) return;
    writeSync(this.fd, JSON.stringify(line) + '\n');
    if (line.type === 'sample' || line.type === 'summary' || line.type === 'header') fdatasyncSync(this.fd);
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }
}
