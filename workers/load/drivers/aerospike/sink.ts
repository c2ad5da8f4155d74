import { createWriteStream, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownedTempFileName } from '../../../../app/host/temp-dirs';

/** Where streamed records go; `blocked` means take no record until `drained()` resolves. */
export interface Sink {
  readonly blocked: boolean;
  write(record: { key?: { digest?: Buffer }; bins: Record<string, unknown> }): void;
  drained(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The file sink of scan and query scenarios: every record as one JSON line.
 * It honours back-pressure: once the file stream's buffer is full, `blocked`
 * holds until it drains, and the stream takes no record meanwhile, so a slow
 * disk slows the scan instead of growing the worker's memory.
 */
export class FileSink implements Sink {
  blocked = false;
  readonly path: string;
  private readonly out: WriteStream;
  private waiting: Promise<void> | undefined;
  private failure: Error | undefined;
  private opened = false;

  constructor(dir: string | undefined, workerId: number) {
    // Named with this worker's pid: a sink left by a killed worker is removed by the next run (temp-dirs.ts).
    this.path = join(dir ?? tmpdir(), ownedTempFileName('sink', workerId, 'ndjson'));
    // A new file only ('wx'): in a shared folder such as /tmp, a file or symlink someone put at
    // this name beforehand must not make the sink overwrite whatever it points to.
    this.out = createWriteStream(this.path, { flags: 'wx' });
    this.out.on('error', (err) => (this.failure = err));
    this.out.on('open', () => (this.opened = true));
  }

  write(record: { key?: { digest?: Buffer }; bins: Record<string, unknown> }): void {
    if (this.failure) throw new Error(`the file sink ${this.path} failed: ${this.failure.message}`);
    const line = `${JSON.stringify({ digest: record.key?.digest?.toString('hex'), bins: record.bins }, binsAsText)}\n`;
    if (!this.out.write(line)) this.blocked = true;
  }

  /** Resolves once the file has taken what it was given. */
  drained(): Promise<void> {
    if (!this.blocked) return Promise.resolve();
    this.waiting ??= new Promise<void>((resolve) =>
      this.out.once('drain', () => {
        this.blocked = false;
        this.waiting = undefined;
        resolve();
      }),
    );
    return this.waiting;
  }

  /** Close and remove the file: it only exists to make the scan do real I/O. */
  async close(): Promise<void> {
    if (!this.out.destroyed) await new Promise<void>((resolve) => this.out.end(() => resolve()));
    // Only a file this sink made: a name that was taken beforehand was never opened, and is not ours to remove.
    if (this.opened) rmSync(this.path, { force: true });
  }
}

/** Bytes bins as base64 rather than JSON's array of numbers. */
function binsAsText(_key: string, v: unknown): unknown {
  const b = v as { type?: string; data?: number[] } | null;
  return b && b.type === 'Buffer' && Array.isArray(b.data) ? Buffer.from(b.data).toString('base64') : v;
}
