import { appendFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INFO_TAIL_BYTES, readRunInfo } from '../../app/run/info';
import { readRunFileAsync } from '../../app/run/reader';
import { line, makeRun, tempDir } from './run-builders';

/**
 * A 100 MB run file. The file system is instrumented (every byte the code
 * under test reads through a file handle is counted; whole-file reads are
 * recorded), so the assertions are about what was read, not about timing or
 * the garbage collector.
 */
const io = vi.hoisted(() => ({
  handleBytes: 0,
  wholeFileReads: [] as string[],
  streams: [] as { path: string; highWaterMark?: number }[],
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const orig = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof orig.open = async (...args) => {
    const fh = await orig.open(...args);
    const read = fh.read.bind(fh) as (...a: unknown[]) => Promise<{ bytesRead: number; buffer: Buffer }>;
    (fh as unknown as { read: typeof read }).read = async (...a: unknown[]) => {
      const r = await read(...a);
      io.handleBytes += r.bytesRead;
      return r;
    };
    return fh;
  };
  const readFile = (async (...args: Parameters<typeof orig.readFile>) => {
    io.wholeFileReads.push(String(args[0]));
    return orig.readFile(...args);
  }) as typeof orig.readFile;
  return { ...orig, open, readFile, default: { ...orig, open, readFile } };
});

vi.mock('node:fs', async (importOriginal) => {
  const orig = await importOriginal<typeof import('node:fs')>();
  const readFileSync = ((...args: Parameters<typeof orig.readFileSync>) => {
    io.wholeFileReads.push(String(args[0]));
    return orig.readFileSync(...args);
  }) as typeof orig.readFileSync;
  const createReadStream = ((path: string, opts?: { highWaterMark?: number }) => {
    io.streams.push({ path, highWaterMark: opts?.highWaterMark });
    return orig.createReadStream(path, opts);
  }) as typeof orig.createReadStream;
  return { ...orig, readFileSync, createReadStream, default: { ...orig, readFileSync, createReadStream } };
});

const HUNDRED_MB = 100 * 1024 * 1024;

describe('a 100 MB run file', () => {
  let dir: string;
  let path: string;
  const run = makeRun('big1', { seconds: 1, ops: 50 });
  let copies = 0;

  beforeAll(() => {
    dir = tempDir('large');
    path = join(dir, '2026-11-01T10-00-00-000Z_big_big10000.ndjson');
    // One sample line repeated, written in 8 MB blocks: fast, and no 100 MB string in the test either.
    const sample = line('sample', run.samples[0]);
    const perBlock = Math.ceil((8 * 1024 * 1024) / sample.length);
    const block = sample.repeat(perBlock);
    writeFileSync(path, line('header', run.header));
    while (copies * sample.length < HUNDRED_MB) {
      appendFileSync(path, block);
      copies += perBlock;
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is listed from its first line and its tail: a bounded number of bytes read, before and after its summary is written', async () => {
    expect(statSync(path).size).toBeGreaterThan(HUNDRED_MB);
    io.handleBytes = 0;
    io.wholeFileReads.length = 0;
    const live = await readRunInfo(path);
    expect(live).toMatchObject({ id: run.header.id, status: 'interrupted', hasSummary: false });
    expect(io.handleBytes).toBeGreaterThan(0);
    expect(io.handleBytes).toBeLessThanOrEqual(3 * INFO_TAIL_BYTES);

    appendFileSync(path, line('summary', run.summary));
    io.handleBytes = 0;
    const done = await readRunInfo(path);
    expect(done).toMatchObject({
      status: 'done',
      hasSummary: true,
      opsPerSec: run.summary.total.opsPerSec.mean,
      p99: run.summary.total.latency.p99,
    });
    expect(io.handleBytes).toBeLessThanOrEqual(3 * INFO_TAIL_BYTES);
    expect(io.wholeFileReads).toEqual([]);
  });

  it('opens whole through the streaming reader, in bounded chunks, never as one string', async () => {
    io.wholeFileReads.length = 0;
    io.streams.length = 0;
    const f = await readRunFileAsync(path);
    expect(f.samples).toHaveLength(copies);
    expect(f.samples[copies - 1]).toEqual(run.samples[0]);
    expect(f.interrupted).toBe(false);
    expect(f.summary).toEqual(run.summary);
    expect(io.wholeFileReads).toEqual([]);
    expect(io.streams).toHaveLength(1);
    expect(io.streams[0].highWaterMark).toBeLessThanOrEqual(1024 * 1024);
  });
});
