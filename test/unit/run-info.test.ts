import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFO_TAIL_BYTES, readRunInfo } from '../../app/run/info';
import { readRunFile, RunFileError } from '../../app/run/reader';
import { line, makeRun, runText, tempDir, v1Header } from './run-builders';

let dir: string;
beforeAll(() => void (dir = tempDir('info')));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function file(content: string): string {
  const path = join(dir, `2026-11-01_run-${++n}.ndjson`);
  writeFileSync(path, content);
  return path;
}

describe('readRunInfo', () => {
  it('a finished run: header fields and the summary figures', async () => {
    const group = { kind: 'sweep' as const, id: 'g-1', index: 1, count: 3, setting: 'inFlight', value: 16 };
    const run = makeRun('f1', { seconds: 4, ops: 30, group, scenario: 'my-scenario' });
    const path = file(runText(run));
    const info = await readRunInfo(path);
    expect(info).toMatchObject({
      id: run.header.id,
      file: `2026-11-01_run-${n}.ndjson`,
      path,
      scenario: 'my-scenario',
      target: run.header.scenario.target.kind,
      createdAt: run.header.createdAt,
      seconds: 4,
      opsPerSec: run.summary.total.opsPerSec.mean,
      p99: run.summary.total.latency.p99,
      status: 'done',
      hasSummary: true,
      group,
      writtenVersion: 2,
    });
    expect(info.opsPerSec).toBeGreaterThan(30);
    expect(info.p99).toBeGreaterThan(0);
  });

  it('the status a run ended with, stopped or failed', async () => {
    const run = makeRun('f2');
    for (const status of ['stopped', 'failed'] as const) {
      const info = await readRunInfo(file(runText({ ...run, summary: { ...run.summary, status } })));
      expect(info.status).toBe(status);
    }
  });

  it('a failed run with no measured second, or no answered operation, has no figures (null), not 0', async () => {
    const run = makeRun('f4');
    const none = { ...run.summary, status: 'failed' as const, seconds: 0, total: { ...run.summary.total, ops: 0 } };
    expect(await readRunInfo(file(runText({ ...run, summary: none })))).toMatchObject({ status: 'failed', opsPerSec: null, p99: null });
    const unanswered = { ...run.summary, total: { ...run.summary.total, ops: 0 } };
    const info = await readRunInfo(file(runText({ ...run, summary: unanswered })));
    expect(info.p99).toBeNull();
    expect(info.opsPerSec).not.toBeNull();
  });

  it('no summary line: interrupted, figures unknown (null), not computed', async () => {
    const run = makeRun('f3');
    for (const text of [
      runText(run, { summary: false }),
      runText(run, { summary: false }) + line('summary', run.summary).slice(0, 60),
      line('header', run.header),
    ]) {
      const info = await readRunInfo(file(text));
      expect(info).toMatchObject({ status: 'interrupted', hasSummary: false, seconds: null, opsPerSec: null, p99: null });
    }
  });

  it('a version 1 run lists migrated: in no group', async () => {
    const run = makeRun('f4');
    const info = await readRunInfo(file(runText(run, { header: v1Header(run.header) })));
    expect(info).toMatchObject({ id: run.header.id, group: null, writtenVersion: 1, status: 'done' });
  });

  it('a damaged summary line is refused, naming the field', async () => {
    const run = makeRun('f5');
    const text = runText(run, { summary: false }) + line('summary', { ...run.summary, seconds: 'four' });
    await expect(readRunInfo(file(text))).rejects.toThrow(/the summary \(last line\) is damaged: seconds/);
  });

  it('a summary line longer than the tail it first reads is still found (the tail grows)', async () => {
    const run = makeRun('f6');
    // A summary of 5000 workers' peak memory: far past the 64 KB first read.
    const peakRss = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [String(i), 123_456_789 + i]));
    const summary = { ...run.summary, peakRss };
    const text = runText(run, { summary: false }) + line('summary', summary);
    expect(line('summary', summary).length).toBeGreaterThan(INFO_TAIL_BYTES);
    const path = file(text);
    const info = await readRunInfo(path);
    expect(info).toMatchObject({ status: 'done', hasSummary: true, seconds: run.summary.seconds });
    expect(readRunFile(path).summary.peakRss).toEqual(peakRss);
  });

  it('a missing file is a RunFileError naming it', async () => {
    const path = join(dir, 'gone.ndjson');
    const e = await readRunInfo(path).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RunFileError);
    expect((e as RunFileError).message).toMatch(/gone\.ndjson: cannot read/);
  });
});
