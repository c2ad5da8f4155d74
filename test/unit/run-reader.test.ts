import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarize } from '../../app/metrics/summary';
import { RUN_FORMAT_VERSION, type RunFile } from '../../app/run/format';
import { readRunInfo } from '../../app/run/info';
import { LineSplitter } from '../../app/run/lines';
import { MIGRATIONS, migrateHeader } from '../../app/run/migrate';
import { checkRunFile, parseRun, readRunFile, readRunFileAsync, RunFileError } from '../../app/run/reader';
import { line, makeRun, PNG_BYTES, runText, tempDir, v1Header } from './run-builders';

let dir: string;
beforeAll(() => void (dir = tempDir('reader')));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function file(content: string | Buffer, name = `run-${++n}.ndjson`): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** Every way a file is opened: whole (sync and streaming), checked for import, and listed. */
const OPENERS = {
  readRunFile: async (p: string) => readRunFile(p),
  readRunFileAsync: (p: string) => readRunFileAsync(p),
  checkRunFile: (p: string) => checkRunFile(p),
  readRunInfo: (p: string) => readRunInfo(p),
} as const;

async function rejection(p: Promise<unknown>): Promise<RunFileError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(RunFileError);
    return e as RunFileError;
  }
  throw new Error('expected a RunFileError, nothing was thrown');
}

async function rejectedByAll(
  path: string,
  re: RegExp,
  openers: (keyof typeof OPENERS)[] = Object.keys(OPENERS) as (keyof typeof OPENERS)[],
): Promise<void> {
  for (const name of openers) {
    const e = await rejection(OPENERS[name](path));
    expect(e.message, name).toMatch(re);
    expect(e.message, name).toContain(path);
  }
}

/** What the whole-file readers agree on. */
async function openBoth(path: string): Promise<RunFile> {
  const sync = readRunFile(path);
  const streamed = await readRunFileAsync(path);
  expect(streamed).toEqual(sync);
  return sync;
}

describe('older formats', () => {
  it('a version 1 file opens migrated: current version, no group, samples as written', async () => {
    const run = makeRun('a1');
    const path = file(runText(run, { header: v1Header(run.header) }));
    const f = await openBoth(path);
    expect(f.header.version).toBe(RUN_FORMAT_VERSION);
    expect(f.header.group).toBeUndefined();
    expect(f.header.scenario).toEqual(run.header.scenario);
    expect(f.samples).toEqual(run.samples);
    expect(f.summary).toEqual(run.summary);
    expect(f.interrupted).toBe(false);
    const info = await readRunInfo(path);
    expect(info.writtenVersion).toBe(1);
    expect(info.group).toBeNull();
    expect(info.status).toBe('done');
  });

  it('a version 1 sample from before the overall latency existed gets it, merged from its op histograms', async () => {
    const run = makeRun('a2');
    const old = run.samples.map(({ latency: _l, ...rest }) => rest);
    const text = line('header', v1Header(run.header)) + old.map((s) => line('sample', s)).join('');
    const f = await openBoth(file(text));
    // mergeTicks computed the same merge when the fixture was built: equal to the microsecond.
    expect(f.samples.map((s) => s.latency)).toEqual(run.samples.map((s) => s.latency));
    expect(f.summary).toEqual(summarize(run.samples, 'interrupted'));
  });

  it('the migration is for version 1 only: a current sample without its latency is damaged', () => {
    const run = makeRun('a3');
    const { latency: _l, ...noLatency } = run.samples[0];
    expect(() => parseRun(line('header', run.header) + line('sample', noLatency), 'v2.ndjson')).toThrow(
      /v2\.ndjson: line 2 \(sample\) is damaged: latency/,
    );
  });

  it('there is a migration step for every version below the current one, each reaching the next', () => {
    for (let v = 1; v < RUN_FORMAT_VERSION; v++) {
      expect(MIGRATIONS[v], `step from ${v}`).toBeDefined();
      expect(MIGRATIONS[v].header({ format: 'kvscope-run', version: v }).version).toBe(v + 1);
    }
    expect(migrateHeader({ format: 'kvscope-run', version: 1, group: { kind: 'repeat' } })).toEqual({
      format: 'kvscope-run',
      version: RUN_FORMAT_VERSION,
    });
  });
});

describe('refused files, each with its reason', () => {
  it('an empty file, or one of blank lines', async () => {
    await rejectedByAll(file(''), /empty file/);
    await rejectedByAll(file('\n\n  \n'), /empty file/);
  });

  it('a newer format version, naming both versions', async () => {
    const run = makeRun('b1');
    const path = file(runText(run, { header: { ...run.header, version: RUN_FORMAT_VERSION + 1 } }));
    await rejectedByAll(path, new RegExp(`newer kvscope \\(format ${RUN_FORMAT_VERSION + 1}; this one reads ${RUN_FORMAT_VERSION}\\)`));
  });

  it('a PNG image', async () => {
    await rejectedByAll(file(PNG_BYTES, 'picture.png'), /picture\.png: not a kvscope run file \(the first line is not JSON\)/);
  });

  it('a JSON array', async () => {
    await rejectedByAll(file('[{"type":"header"},1,2]\n'), /not a kvscope run file \(the first line is a JSON array, not a run header\)/);
  });

  it('plain text', async () => {
    await rejectedByAll(
      file('Meeting notes\n- benchmark the cluster\n- compare\n'),
      /not a kvscope run file \(the first line is not JSON\)/,
    );
  });

  it('a JSON object that is not a run header', async () => {
    await rejectedByAll(file('{"name":"kvscope","version":"0.1.0"}\n'), /not a kvscope run file \(the first line is not a run header/);
    await rejectedByAll(
      file('{"type":"header","data":{"id":"x","version":1}}\n'),
      /not a kvscope run file \(format is missing, not "kvscope-run"\)/,
    );
    await rejectedByAll(
      file('{"type":"header","data":{"format":"k6-summary","version":1}}\n'),
      /not a kvscope run file \(format is "k6-summary"/,
    );
    await rejectedByAll(file(line('sample', makeRun('b2').samples[0])), /not a kvscope run file \(the first line is a sample record/);
  });

  it('a header with a damaged field names the field', async () => {
    const run = makeRun('b3');
    const { target: _t, ...scenario } = run.header.scenario;
    await rejectedByAll(file(runText(run, { header: { ...run.header, scenario } })), /header \(format 2\) is damaged: scenario\.target/);
    await rejectedByAll(file(runText(run, { header: { ...run.header, createdAt: 'yesterday' } })), /createdAt: not a date/);
    await rejectedByAll(
      file(runText(run, { header: { ...run.header, group: { kind: 'repeat', id: 'g', index: 3, count: 3 } } })),
      /group\.index: index must be below count/,
    );
  });

  it('a header line cut short (a crash before the run began)', async () => {
    const h = line('header', makeRun('b4').header);
    await rejectedByAll(file(h.slice(0, 50)), /header line is cut short/);
  });

  it('a first line far longer than any header, without reading on', async () => {
    await rejectedByAll(file(Buffer.alloc(3 * 1024 * 1024, 0x61)), /not a kvscope run file \(the first line is longer than 1024 KiB/);
  });

  it('a corrupt line in the middle, by its number, wherever the file is read from', async () => {
    const run = makeRun('c1', { seconds: 4 });
    const lines = runText(run).split('\n');
    lines[2] = lines[2].slice(0, 40); // line 3 damaged, more lines follow
    await rejectedByAll(file(lines.join('\n')), /line 3 is not JSON \(damaged: lines follow it/, [
      'readRunFile',
      'readRunFileAsync',
      'checkRunFile',
    ]);
  });

  it('a record missing its data, of an unknown type, a second header, or with a field of the wrong type', async () => {
    const run = makeRun('c2');
    const h = line('header', run.header);
    const s = line('sample', run.samples[0]);
    const cases: [string, RegExp][] = [
      [h + '{"type":"sample"}\n' + s, /line 2 \(sample\) has no data/],
      [h + s + '{"type":"phase","data":null}\n' + s, /line 3 \(phase\) has no data/],
      [h + '{"type":"bogus","data":{}}\n' + s, /line 2 has unknown type bogus/],
      [h + s + h, /line 3 is a second header/],
      [h + '42\n' + s, /line 2 is not a run record \(a JSON number\)/],
      [
        h + line('sample', { ...run.samples[0], totals: { ...run.samples[0].totals, count: 'many' } }),
        /line 2 \(sample\) is damaged: totals\.count: .*expected number/,
      ],
      [h + line('sample', { ...run.samples[0], phase: 'cooldown' }), /line 2 \(sample\) is damaged: phase/],
      [
        h +
          line('sample', { ...run.samples[0], workers: [{ ...run.samples[0].workers[0], exact: { get: { count: 1, sum: 5, min: 5 } } }] }),
        /line 2 \(sample\) is damaged: workers\.0\.exact\.get\.max/,
      ],
      [h + s + line('log', { level: 'info', at: 1, source: 'w' }), /line 3 \(log\) is damaged: message/],
      [
        h + s + line('summary', { ...run.summary, total: { ...run.summary.total, opsPerSec: undefined } }),
        /line 3 \(summary\) is damaged: total\.opsPerSec/,
      ],
    ];
    for (const [text, re] of cases) await rejectedByAll(file(text), re, ['readRunFile', 'readRunFileAsync', 'checkRunFile']);
  });
});

describe('interrupted runs', () => {
  it('a last line cut mid-write opens, interrupted, with the summary computed from the samples before it', async () => {
    const run = makeRun('d1', { seconds: 5 });
    const next = line('sample', { ...run.samples[4], second: 5 });
    const path = file(runText(run, { summary: false }) + next.slice(0, Math.floor(next.length / 2)));
    const f = await openBoth(path);
    expect(f.interrupted).toBe(true);
    expect(f.samples).toEqual(run.samples);
    expect(f.summary).toEqual(summarize(run.samples, 'interrupted'));
    const check = await checkRunFile(path);
    expect(check).toMatchObject({ interrupted: true, samples: 5 });
    const info = await readRunInfo(path);
    expect(info).toMatchObject({ status: 'interrupted', hasSummary: false, seconds: null, opsPerSec: null, p99: null });
  });

  it('a tail of zero bytes (what a crash can leave after the last write) is a cut last line too', async () => {
    const run = makeRun('d2');
    const f = await openBoth(file(Buffer.concat([Buffer.from(runText(run, { summary: false })), Buffer.alloc(4096)])));
    expect(f.interrupted).toBe(true);
    expect(f.samples).toHaveLength(run.samples.length);
  });
});

describe('reading in chunks', () => {
  it('streaming and whole reads agree on a file whose multi-byte characters straddle the 1 MiB chunks', async () => {
    const run = makeRun('e1');
    const msg = 'latence élevée ✓ 🚀 ' + 'ü'.repeat(997);
    const build = (pad: number) => {
      const logs = Array.from({ length: 1100 }, (_, i) => ({
        level: 'info' as const,
        message: `${i}${'x'.repeat(i === 0 ? pad : 0)} ${msg}`,
        at: i,
        source: 'worker 0',
      }));
      return { logs, text: line('header', run.header) + logs.map((l) => line('log', l)).join('') + line('summary', run.summary) };
    };
    // Pad the first message until the first chunk ends inside a character (a UTF-8 continuation byte).
    const MiB = 1024 * 1024;
    let pad = 0;
    while ((Buffer.from(build(pad).text)[MiB] & 0xc0) !== 0x80) pad++;
    const { logs, text } = build(pad);
    expect(Buffer.byteLength(text)).toBeGreaterThan(2 * MiB);
    const f = await openBoth(file(text));
    expect(f.logs).toEqual(logs);
    expect(f.interrupted).toBe(false);
  });

  it('the line splitter gives the same lines for any chunking', () => {
    const text = 'a\nbé\n\n🚀x\nlast';
    const bytes = Buffer.from(text);
    for (let size = 1; size <= bytes.length; size++) {
      const got: [string, number][] = [];
      const s = new LineSplitter(
        (l, i) => got.push([l, i]),
        () => 100,
        () => {
          throw new Error('too long');
        },
      );
      for (let i = 0; i < bytes.length; i += size) s.push(bytes.subarray(i, i + size));
      s.end();
      expect(got, `chunks of ${size}`).toEqual(text.split('\n').map((l, i) => [l, i + 1]));
    }
  });

  it('checkRunFile names the file as the caller calls it, not the copy it read', async () => {
    const sub = join(dir, 'copies');
    mkdirSync(sub, { recursive: true });
    const copy = join(sub, '.tmp-copy');
    writeFileSync(copy, 'not a run\n');
    const e = await rejection(checkRunFile(copy, '/home/me/Downloads/results.ndjson'));
    expect(e.message).toBe('/home/me/Downloads/results.ndjson: not a kvscope run file (the first line is not JSON)');
    expect(e.message).not.toContain('.tmp-copy');
  });
});
