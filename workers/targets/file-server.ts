import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream';
import type { z } from 'zod';
import type { BuiltinFileTarget } from '../../app/scenario/targets';
import { count, FILE_COUNTERS, newCounters } from './counters';
import type { RunningTarget } from './running-target';
import { serveInThisProcess } from './single-process';

type FileTarget = z.output<typeof BuiltinFileTarget>;

/** The served file is written in pieces of this size, so a 1 GiB file never sits in memory whole. */
const FILL_CHUNK_BYTES = 1024 * 1024;

/**
 * Serves one file of random bytes on every GET, read from disk in
 * `chunkSize` pieces: the variable the 4 KiB vs 64 KiB vs whole-file
 * comparison is about. One process, one node.
 */
export async function startFileServer(t: FileTarget, workDir: string): Promise<RunningTarget> {
  await mkdir(workDir, { recursive: true });
  const file = join(workDir, `builtin-file-${process.pid}.bin`);
  await writeRandomFile(file, t.fileSize);
  const highWaterMark = t.chunkSize === 'whole' ? t.fileSize : t.chunkSize;
  const headers = { 'Content-Type': 'application/octet-stream', 'Content-Length': t.fileSize };
  const counters = newCounters(FILE_COUNTERS);

  const server = createServer((req, res) => {
    req.resume();
    if (req.method === 'HEAD') {
      // Drivers probe with HEAD; it reads nothing from disk, so it is not counted.
      res.writeHead(200, headers).end();
      return;
    }
    if (req.method !== 'GET') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': 0 }).end();
      return;
    }
    res.writeHead(200, headers);
    // pipeline pauses the file while the socket is full and destroys both
    // sides if either fails, e.g. when the client goes away mid-file.
    const stream = createReadStream(file, { highWaterMark });
    pipeline(stream, res, (err) => {
      count(counters, err && !handedOver(stream, t.fileSize) ? 'read.error' : 'read.success');
    });
  });
  return serveInThisProcess(server, t.host, t.port, 'file', counters);
}

/**
 * Whether every byte of the file reached the response. A client that closes
 * as soon as it has the last byte can beat the read stream's own end, and
 * pipeline then reports a premature close for a read that did succeed.
 */
function handedOver(stream: ReadStream, size: number): boolean {
  return stream.bytesRead === size && stream.readableLength === 0;
}

async function writeRandomFile(file: string, size: number): Promise<void> {
  const fh = await open(file, 'w');
  try {
    for (let written = 0; written < size;) {
      const n = Math.min(FILL_CHUNK_BYTES, size - written);
      await fh.write(randomBytes(n));
      written += n;
    }
  } finally {
    await fh.close();
  }
}
