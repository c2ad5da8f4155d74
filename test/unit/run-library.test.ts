import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatchRequest, MAX_LABEL_LENGTH, type BridgeHandlers } from '../../app/protocol/bridge';
import type { RunFile } from '../../app/run/format';
import { RunLibrary } from '../../main/library/run-library';
import { fixtureRun, steady } from './run-fixture';

const ndjson = (run: RunFile) =>
  [{ type: 'header', data: run.header }, ...run.samples.map((s) => ({ type: 'sample', data: s })), { type: 'summary', data: run.summary }]
    .map((l) => JSON.stringify(l))
    .join('\n') + '\n';

const digest = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir).map((f) => [
      f,
      createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex'),
    ]),
  );

describe('the run library', () => {
  let dir: string;
  let lib: RunLibrary;
  const a = fixtureRun('aaaa0000-0000-4000-8000-00000000000a', steady(3, { get: { count: 10, us: 100 } }));
  const b = fixtureRun('bbbb0000-0000-4000-8000-00000000000b', steady(3, { get: { count: 20, us: 100 } }));
  const c = fixtureRun('cccc0000-0000-4000-8000-00000000000c', steady(3, { get: { count: 30, us: 100 } }));

  const fileA = '2026-11-01T10-00-00-000Z_kv-async_aaaa0000.ndjson';
  const fileB = '2026-11-01T11-00-00-000Z_kv-async_bbbb0000.ndjson';

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kvscope-lib-'));
    lib = new RunLibrary(dir);
    writeFileSync(join(dir, fileA), ndjson(a));
    writeFileSync(join(dir, fileB), ndjson(b));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('labels a run beside it, and a label too long is refused with the limit', async () => {
    const before = digest(dir);
    await lib.label(fileA, 'before upgrade');
    expect((await lib.list()).find((r) => r.id === a.header.id)?.label).toBe('before upgrade');
    expect((await lib.list()).find((r) => r.id === b.header.id)?.label).toBe('');
    const after = digest(dir);
    for (const [f, h] of Object.entries(before)) expect(after[f]).toBe(h);
    await expect(lib.label(fileA, 'x'.repeat(MAX_LABEL_LENGTH + 1))).rejects.toThrow(/at most 200 characters/);
  });

  it('deletes exactly one run and its label, leaving the others byte for byte', async () => {
    await lib.label(fileA, 'gone soon');
    await lib.label(fileB, 'stays');
    const before = digest(dir);
    await lib.delete(fileA);
    const after = digest(dir);
    expect(Object.keys(after).sort()).toEqual(
      Object.keys(before)
        .filter((f) => !f.includes('aaaa0000'))
        .sort(),
    );
    for (const [f, h] of Object.entries(after)) expect(h).toBe(before[f]);
    await expect(lib.delete(fileA)).rejects.toThrow(/no run/);
  });

  it('imports a run file under a fresh name, never over another, and refuses foreign or known runs', async () => {
    const before = digest(dir);
    const item = await lib.import('from-colleague.ndjson', ndjson(c));
    expect(item.id).toBe(c.header.id);
    expect(item.status).toBe('done');
    const after = digest(dir);
    for (const [f, h] of Object.entries(before)) expect(after[f]).toBe(h);
    expect(Object.keys(after)).toHaveLength(3);
    await expect(lib.import('again.ndjson', ndjson(c))).rejects.toThrow(/already in the library/);
    await expect(lib.import('photo.png', '\x89PNG\r\n')).rejects.toThrow(/photo.png: not a kvscope run file/);
    await expect(lib.import('empty.ndjson', '')).rejects.toThrow(/empty file/);
    expect(digest(dir)).toEqual(after);
  });

  it('makes its folder (parents too) for the first import when it does not exist yet', async () => {
    const fresh = new RunLibrary(join(dir, 'not', 'made', 'runs'));
    expect(await fresh.list()).toEqual([]);
    const item = await fresh.import('c.ndjson', ndjson(c));
    expect(readdirSync(fresh.dir)).toEqual([item.file]);
    expect((await fresh.read(item.file)).header.id).toBe(c.header.id);
  });

  it('lists a broken file with its reason without hiding the runs beside it', async () => {
    writeFileSync(join(dir, '2026-11-01T12-00-00-000Z_broken.ndjson'), 'hello\n');
    const list = await lib.list();
    expect(list.map((r) => r.status)).toEqual(['unreadable', 'done', 'done']);
    expect(list[0].error).toMatch(/not a kvscope run file/);
  });

  it('refuses bad library requests where they arrive, naming the field', async () => {
    const handlers = { labelRun: async () => ({ ok: true }), compareRuns: async () => ({}) } as unknown as BridgeHandlers;
    await expect(dispatchRequest(handlers, 'labelRun', { file: 'x.ndjson', label: 'y'.repeat(MAX_LABEL_LENGTH + 1) })).rejects.toThrow(
      /labelRun: label/,
    );
    await expect(dispatchRequest(handlers, 'compareRuns', { files: ['only-one.ndjson'], baseline: 0 })).rejects.toThrow(
      /compareRuns: files/,
    );
    await expect(dispatchRequest(handlers, 'labelRun', { file: 'x.ndjson', label: 'ok', extra: 1 })).rejects.toThrow(/labelRun/);
    // A run is named by a plain file name in the runs folder: no folder, no other suffix, no id.
    for (const file of ['../x.ndjson', 'a/b.ndjson', 'a\\b.ndjson', 'x.txt', a.header.id]) {
      await expect(dispatchRequest(handlers, 'labelRun', { file, label: 'ok' })).rejects.toThrow(/labelRun: file/);
    }
    for (const file of ['../x.ndjson', 'x.txt', a.header.id]) await expect(lib.label(file, 'ok')).rejects.toThrow(/^file: /);
  });
});

describe('a very large run file', () => {
  const HUNDRED_MB = 100 * 1024 * 1024;
  let dir: string;
  beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'kvscope-big-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists from its first and last lines and opens whole, without touching its neighbours', async () => {
    const run = fixtureRun('dddd0000-0000-4000-8000-00000000000d', steady(1, { get: { count: 50, us: 100 } }));
    const sample = JSON.stringify({ type: 'sample', data: run.samples[0] }) + '\n';
    const copies = Math.ceil(HUNDRED_MB / sample.length);
    const path = join(dir, '2026-11-01T10-00-00-000Z_big_dddd0000.ndjson');
    // Written in chunks: one 100 MB string would double the test's own memory for nothing.
    const CHUNK = 1000;
    writeFileSync(path, JSON.stringify({ type: 'header', data: run.header }) + '\n');
    const block = sample.repeat(CHUNK);
    for (let i = 0; i < copies; i += CHUNK) writeFileSync(path, block, { flag: 'a' });
    writeFileSync(path, JSON.stringify({ type: 'summary', data: run.summary }) + '\n', { flag: 'a' });
    writeFileSync(
      join(dir, '2026-11-01T09-00-00-000Z_small_aaaa.ndjson'),
      ndjson(fixtureRun('aaaa', steady(2, { get: { count: 5, us: 100 } }))),
    );
    const lib = new RunLibrary(dir);
    const listed = await lib.list();
    expect(listed.map((r) => [r.id, r.status])).toEqual([
      [run.header.id, 'done'],
      ['aaaa', 'done'],
    ]);
    const opened = await lib.read('2026-11-01T10-00-00-000Z_big_dddd0000.ndjson');
    expect(opened.samples.length).toBeGreaterThanOrEqual(copies);
    expect(opened.interrupted).toBe(false);
  });
});
