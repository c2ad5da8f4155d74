import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunFile } from '../../app/run/format';
import { LibraryHandlers } from '../../main/library/handlers';
import { RunLibrary } from '../../main/library/run-library';
import { CLI } from '../helpers/cli';
import { fixtureRun, steady } from './run-fixture';

/** A run file as written by hand or by another tool: whatever the header says. */
const ndjson = (run: RunFile) =>
  [{ type: 'header', data: run.header }, ...run.samples.map((s) => ({ type: 'sample', data: s })), { type: 'summary', data: run.summary }]
    .map((l) => JSON.stringify(l))
    .join('\n') + '\n';

const SECRET = 'hunter2-do-not-leak';

/** Each line of a run file's text, parsed: strings as a reader sees them, JSON escapes undone. */
const parsedLines = (text: string): unknown[] =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as unknown);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function withPassword(run: RunFile): RunFile {
  return {
    ...run,
    header: {
      ...run.header,
      scenario: { ...run.header.scenario, target: { kind: 'redis', host: '127.0.0.1', port: 6379, password: SECRET } as never },
    },
  };
}

describe('run files from elsewhere', () => {
  let root: string;
  let dir: string;
  let handlers: LibraryHandlers;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kvscope-hostile-'));
    dir = join(root, 'a', 'b', 'runs');
    mkdirSync(dir, { recursive: true });
    handlers = new LibraryHandlers(new RunLibrary(dir));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('an imported id that is not a UUID gets a fresh one, and the file stays inside the runs folder', async () => {
    const hostile = fixtureRun('/../../x', steady(3, { get: { count: 10, us: 100 } }));
    const item = await handlers.importRun({ name: 'evil.ndjson', text: ndjson(hostile) });
    expect(item.id).toMatch(UUID);
    expect(readdirSync(root).sort()).toEqual(['a']);
    expect(readdirSync(join(root, 'a')).sort()).toEqual(['b']);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[\w-]+\.ndjson$/);
    // The stored header carries the new id, so every later action finds it by that id.
    expect(JSON.parse(readFileSync(join(dir, files[0]), 'utf8').split('\n')[0]).data.id).toBe(item.id);
    expect((await handlers.openRun({ file: item.file })).run?.runId).toBe(item.id);
  });

  it('a UUID id is kept as it is', async () => {
    const run = fixtureRun('dddd0000-0000-4000-8000-00000000000d', steady(3, { get: { count: 10, us: 100 } }));
    expect((await handlers.importRun({ name: 'ok.ndjson', text: ndjson(run) })).id).toBe(run.header.id);
  });

  it('a password written in clear never comes back: not stored on import, not in open, list, compare or any export', async () => {
    const clear = withPassword(fixtureRun('eeee0000-0000-4000-8000-00000000000e', steady(3, { get: { count: 10, us: 100 } })));
    // One imported through the window, one dropped into the folder by hand.
    const imported = await handlers.importRun({ name: 'with-password.ndjson', text: ndjson(clear) });
    const byHand = withPassword(fixtureRun('ffff0000-0000-4000-8000-00000000000f', steady(3, { get: { count: 12, us: 100 } })));
    writeFileSync(join(dir, '2026-11-02T10-00-00-000Z_by-hand_ffff0000.ndjson'), ndjson(byHand));
    for (const f of readdirSync(dir).filter((n) => !n.includes('by-hand')))
      expect(readFileSync(join(dir, f), 'utf8')).not.toContain(SECRET);
    const files = [imported.file, '2026-11-02T10-00-00-000Z_by-hand_ffff0000.ndjson'];
    const answers: unknown[] = [await handlers.listRuns(), await handlers.compareRuns({ files, baseline: 0 })];
    for (const file of files) {
      const opened = await handlers.openRun({ file });
      expect((opened.run?.scenario.target as { password?: string }).password).toBe('***');
      answers.push(opened);
      for (const kind of ['run-seconds', 'run-nodes', 'run-file', 'run-html'] as const)
        answers.push(await handlers.exportFile({ kind, files: [file] }));
    }
    for (const kind of ['compare-summary', 'compare-series', 'compare-html'] as const)
      answers.push(await handlers.exportFile({ kind, files, baseline: 0 }));
    for (const a of answers) expect(JSON.stringify(a)).not.toContain(SECRET);
  });

  it('a password in clear is masked in every string of the file, log lines included, on import, open, list and export', async () => {
    const PASS = 'S3CRETPASS';
    const run = fixtureRun('abcd0000-0000-4000-8000-0000000000ab', steady(3, { get: { count: 10, us: 100 } }));
    run.header.scenario = { ...run.header.scenario, name: `bench ${PASS}`, target: { kind: 'redis', port: 6379, password: PASS } as never };
    run.summary = { ...run.summary, outcome: { ...run.summary.outcome!, reason: `refused: ${PASS}` } };
    const lines = [
      { type: 'header', data: run.header },
      { type: 'log', data: { level: 'error', message: `AUTH ${PASS} failed`, at: 1, source: 'worker 0' } },
      // The same password written with a JSON escape: the raw bytes do not hold it, the parsed string does.
      { type: 'log', data: { level: 'warn', message: 'again AUTH S3@RETPASS', at: 2, source: `note ${PASS}` } },
      ...run.samples.map((s) => ({ type: 'sample', data: s })),
      { type: 'summary', data: run.summary },
    ];
    const text = lines.map((l) => JSON.stringify(l).replace('S3@RETPASS', 'S3\\u0043RETPASS')).join('\n') + '\n';
    expect(text).toContain(`AUTH ${PASS} failed`);
    // A blank line before the header is read past, here as by the reader.
    const imported = await handlers.importRun({ name: 'auth.ndjson', text: `\n${text}` });
    const stored = readFileSync(join(dir, imported.file));
    expect(stored.includes(PASS)).toBe(false);
    expect(JSON.stringify(parsedLines(stored.toString('utf8')))).not.toContain(PASS);
    // The same file dropped into the folder by hand (with a byte order mark) is masked when read.
    const byHand = '2026-11-04T10-00-00-000Z_by-hand_dcba0000.ndjson';
    writeFileSync(
      join(dir, byHand),
      '\uFEFF' + text.replace('abcd0000-0000-4000-8000-0000000000ab', 'dcba0000-0000-4000-8000-0000000000dc'),
    );
    const listed = await handlers.listRuns();
    expect(listed).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(PASS);
    for (const file of [imported.file, byHand]) {
      const opened = await handlers.openRun({ file });
      expect(opened.logs.map((l) => l.message)).toEqual(['AUTH *** failed', 'again AUTH ***']);
      expect(JSON.stringify(opened)).not.toContain(PASS);
      const exported = await handlers.exportFile({ kind: 'run-file', files: [file] });
      expect(Buffer.from(exported.text, 'utf8').includes(PASS)).toBe(false);
      // Every line is still a record (the export imports elsewhere), none holding the password even once decoded.
      expect(parsedLines(exported.text)).toHaveLength(lines.length);
      expect(JSON.stringify(parsedLines(exported.text))).not.toContain(PASS);
    }
  });

  it('kvscope runs and compare print no terminal escape codes from scenario names', () => {
    const evil = '\x1b]0;pwned\x07\x1b[2Jcleared\rname';
    const a = fixtureRun('abab0000-0000-4000-8000-00000000000a', steady(5, { get: { count: 10, us: 100 } }));
    const b = fixtureRun('cdcd0000-0000-4000-8000-00000000000b', steady(5, { get: { count: 12, us: 100 } }));
    for (const r of [a, b]) (r.header.scenario as { name: string }).name = evil;
    writeFileSync(join(dir, '2026-11-03T10-00-00-000Z_evil_abab0000.ndjson'), ndjson(a));
    writeFileSync(join(dir, '2026-11-03T11-00-00-000Z_evil_cdcd0000.ndjson'), ndjson(b));
    for (const args of [['runs'], ['compare', 'abab', 'cdcd']]) {
      const r = spawnSync(process.execPath, [CLI, ...args, '--runs-dir', dir], { encoding: 'utf8', timeout: 30_000 });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('clearedname');
      // Nothing but text, tabs and newlines reaches the terminal.
      expect(r.stdout + r.stderr).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    }
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
  });
});
