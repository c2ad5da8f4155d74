import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunFile } from '../../app/run/format';
import { LibraryHandlers } from '../../main/library/handlers';
import { resolveRun } from '../../main/library/run-index';
import { RunLibrary } from '../../main/library/run-library';
import { fixtureRun, steady } from './run-fixture';

const ndjson = (run: RunFile) =>
  [{ type: 'header', data: run.header }, ...run.samples.map((s) => ({ type: 'sample', data: s })), { type: 'summary', data: run.summary }]
    .map((l) => JSON.stringify(l))
    .join('\n') + '\n';

/** Long enough to notice a hang, far below a blocked open (which never returns). */
const QUICK_MS = 3000;

const a = fixtureRun('aaaa0000-0000-4000-8000-00000000000a', steady(3, { get: { count: 10, us: 100 } }));
const b = fixtureRun('bbbb0000-0000-4000-8000-00000000000b', steady(3, { get: { count: 20, us: 100 } }));
const FILE_A = '2026-11-01T10-00-00-000Z_kv-async_aaaa0000.ndjson';
const COPY_A = '2026-11-01T10-00-00-000Z_kv-async_aaaa0000-copy.ndjson';
const FILE_B = '2026-11-01T11-00-00-000Z_kv-async_bbbb0000.ndjson';

describe('the run library and files that are not regular', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kvscope-fifo-'));
    writeFileSync(join(dir, FILE_A), ndjson(a));
    execFileSync('mkfifo', [join(dir, 'x.ndjson')]);
    symlinkSync(join(dir, 'x.ndjson'), join(dir, 'link-to-fifo.ndjson'));
    // A label file that is a FIFO would block a synchronous read for ever.
    execFileSync('mkfifo', [join(dir, FILE_A + '.meta.json')]);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists a FIFO and a link to one as unreadable, at once, never opening them', async () => {
    const t0 = Date.now();
    const list = await new RunLibrary(dir).list();
    expect(Date.now() - t0).toBeLessThan(QUICK_MS);
    const byFile = Object.fromEntries(list.map((r) => [r.file, r]));
    expect(byFile['x.ndjson'].status).toBe('unreadable');
    expect(byFile['x.ndjson'].error).toMatch(/not a regular file \(a FIFO\)/);
    expect(byFile['link-to-fifo.ndjson'].error).toMatch(/not a regular file \(a link to a FIFO\)/);
    expect(byFile[FILE_A]).toMatchObject({ status: 'done', label: '' });
  });

  it('refuses to open, label or export a FIFO, with its reason, and deletes it without opening it', async () => {
    const h = new LibraryHandlers(new RunLibrary(dir));
    await expect(h.openRun({ file: 'x.ndjson' })).rejects.toThrow(/not a regular file \(a FIFO\)/);
    await expect(h.labelRun({ file: 'x.ndjson', label: 'l' })).rejects.toThrow(/not a regular file/);
    await expect(h.exportFile({ kind: 'run-file', files: ['link-to-fifo.ndjson'] })).rejects.toThrow(/not a regular file/);
    await h.deleteRun({ file: 'x.ndjson' });
    expect(existsSync(join(dir, 'x.ndjson'))).toBe(false);
  });

  it('the CLI resolver skips it', async () => {
    await expect(resolveRun('x', dir, () => false)).rejects.toThrow(/no run "x"/);
  });
});

describe('copies of one run (same header id)', () => {
  let dir: string;
  let h: LibraryHandlers;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kvscope-dup-'));
    writeFileSync(join(dir, FILE_A), ndjson(a));
    copyFileSync(join(dir, FILE_A), join(dir, COPY_A));
    writeFileSync(join(dir, FILE_B), ndjson(b));
    h = new LibraryHandlers(new RunLibrary(dir));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('are both listed, each with its own file', async () => {
    const copies = (await h.listRuns()).filter((r) => r.id === a.header.id);
    expect(copies.map((r) => r.file).sort()).toEqual([FILE_A, COPY_A].sort());
  });

  it('label, open, export and delete act on exactly the file chosen', async () => {
    await h.labelRun({ file: COPY_A, label: 'the copy' });
    const labels = Object.fromEntries((await h.listRuns()).map((r) => [r.file, r.label]));
    expect(labels).toMatchObject({ [FILE_A]: '', [COPY_A]: 'the copy' });
    expect((await h.openRun({ file: COPY_A })).file).toBe(join(dir, COPY_A));
    expect((await h.exportFile({ kind: 'run-file', files: [COPY_A] })).name).toBe(COPY_A);
    await h.deleteRun({ file: COPY_A });
    expect(readdirSync(dir).sort()).toEqual([FILE_A, FILE_B].sort());
    expect(readFileSync(join(dir, FILE_A), 'utf8')).toBe(ndjson(a));
  });

  it('compare by full id says they are copies and names their files; a file name picks one', async () => {
    const err = await resolveRun(a.header.id, dir, existsSync).catch((e: Error) => e);
    expect(String(err)).toMatch(/copies of one run/);
    expect(String(err)).toContain(join(dir, FILE_A));
    expect(String(err)).toContain(join(dir, COPY_A));
    await expect(resolveRun(COPY_A, dir, existsSync)).resolves.toBe(join(dir, COPY_A));
    await expect(resolveRun('2026-11-01T10', dir, existsSync)).rejects.toThrow(/matches 2 runs.*\n.*aaaa0000/);
    await expect(resolveRun('bbbb', dir, existsSync)).resolves.toBe(join(dir, FILE_B));
  });
});
