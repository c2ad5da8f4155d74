import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeTicks } from '../../app/metrics/merge-ticks';
import { type Sample } from '../../app/metrics/sample';
import { summarize } from '../../app/metrics/summary';
import { RUN_FORMAT, RUN_FORMAT_VERSION, type RunHeader, type RunLine } from '../../app/run/format';
import { parseRun, readRunFile, RunFileError } from '../../app/run/reader';
import { RunWriter } from '../../app/run/writer';
import { findScenario } from '../../app/scenario/catalog';
import { parseScenario } from '../../app/scenario/schema';
import { seededValues, tick } from './helpers';
import { testEnv } from './run-fixture';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kvscope-runfile-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
const freshPath = () => join(dir, `run-${++n}.ndjson`);

function header(version = RUN_FORMAT_VERSION): RunHeader {
  return {
    format: RUN_FORMAT,
    version,
    id: 'r-1',
    createdAt: '2024-01-01T00:00:00.000Z',
    scenario: parseScenario(findScenario('kv-async')),
    env: testEnv(),
  };
}

/** Seconds 0..(n-1): the first `warm` are warm-up; each has two workers' gets and puts. */
function samples(count: number, warm = 1): Sample[] {
  return Array.from({ length: count }, (_, k) =>
    mergeTicks(
      k,
      k < warm ? 'warmup' : 'run',
      1000 * (k + 1),
      [
        tick(0, k, {
          get: { values: seededValues(k * 2, 30 + k, 100, 9000), errors: k % 2 },
          put: { values: seededValues(k * 2 + 100, 10, 500, 3000) },
        }),
        tick(1, k, { get: { values: seededValues(k * 2 + 1, 20, 100, 20_000), timeouts: 1 } }),
      ],
      [],
    ),
  );
}

const line = (l: RunLine) => JSON.stringify(l) + '\n';

function writeRun(path: string, lines: RunLine[]): void {
  const w = new RunWriter(path);
  for (const l of lines) w.append(l);
  w.close();
}

function rejection(fn: () => unknown): RunFileError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RunFileError);
    return e as RunFileError;
  }
  throw new Error('expected a RunFileError, nothing was thrown');
}

describe('RunWriter + readRunFile', () => {
  it('round trips a finished run', () => {
    const path = freshPath();
    const ss = samples(4);
    const summary = summarize(ss, 'done');
    const phases = [
      { phase: 'warmup' as const, at: 1, second: 0 },
      { phase: 'running' as const, at: 2, second: 1 },
      { phase: 'done' as const, at: 3 },
    ];
    const log = { level: 'warn' as const, message: 'hello', at: 5, source: 'worker 0' };
    writeRun(path, [
      { type: 'header', data: header() },
      { type: 'phase', data: phases[0] },
      ...ss.slice(0, 2).map((data): RunLine => ({ type: 'sample', data })),
      { type: 'log', data: log },
      { type: 'phase', data: phases[1] },
      ...ss.slice(2).map((data): RunLine => ({ type: 'sample', data })),
      { type: 'phase', data: phases[2] },
      { type: 'summary', data: summary },
    ]);
    const f = readRunFile(path);
    expect(f.interrupted).toBe(false);
    expect(f.header).toEqual(header());
    expect(f.phases).toEqual(phases);
    expect(f.samples).toEqual(ss);
    expect(f.logs).toEqual([log]);
    expect(f.summary).toEqual(summary);
    // one JSON line per entry, newline-terminated
    const text = readFileSync(path, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(text.trimEnd().split('\n')).toHaveLength(10);
  });

  it('creates missing parent folders', () => {
    const path = join(dir, 'a', 'b', 'c', 'run.ndjson');
    writeRun(path, [{ type: 'header', data: header() }]);
    expect(existsSync(path)).toBe(true);
  });

  it('refuses to overwrite an existing file, and leaves it as it was', () => {
    const path = freshPath();
    writeFileSync(path, 'precious\n');
    expect(() => new RunWriter(path)).toThrow(/EEXIST|exist/i);
    expect(readFileSync(path, 'utf8')).toBe('precious\n');

    const done = freshPath();
    writeRun(done, [{ type: 'header', data: header() }]);
    expect(() => new RunWriter(done)).toThrow();
    expect(readRunFile(done).header.id).toBe('r-1');
  });

  it('ignores appends after close', () => {
    const path = freshPath();
    const w = new RunWriter(path);
    w.append({ type: 'header', data: header() });
    w.close();
    w.append({ type: 'log', data: { level: 'info', message: 'late', at: 0, source: 'x' } });
    w.close();
    expect(readRunFile(path).logs).toEqual([]);
  });

  it('a missing file is a RunFileError naming the path', () => {
    const path = join(dir, 'nope.ndjson');
    const e = rejection(() => readRunFile(path));
    expect(e.message).toContain(path);
    expect(e.path).toBe(path);
  });
});

describe('interrupted runs', () => {
  it('a file cut mid-line opens as interrupted, with a computed summary', () => {
    const path = freshPath();
    const ss = samples(5, 2);
    writeRun(path, [{ type: 'header', data: header() }, ...ss.map((data): RunLine => ({ type: 'sample', data }))]);
    // the crash: half of the next sample line made it to disk
    const next = line({ type: 'sample', data: samples(6, 2)[5] });
    appendFileSync(path, next.slice(0, Math.floor(next.length / 2)));

    const f = readRunFile(path);
    expect(f.interrupted).toBe(true);
    expect(f.samples).toEqual(ss);
    expect(f.summary.status).toBe('interrupted');
    const runOps = ss.filter((s) => s.phase === 'run').reduce((a, s) => a + s.totals.count, 0);
    const warmOps = ss.filter((s) => s.phase === 'warmup').reduce((a, s) => a + s.totals.count, 0);
    expect(f.summary.seconds).toBe(3);
    expect(f.summary.total.ops).toBe(runOps);
    expect(f.summary.warmup.ops).toBe(warmOps);
    expect(f.summary).toEqual(summarize(ss, 'interrupted'));
  });

  it('a summary line cut short also means interrupted', () => {
    const ss = samples(3);
    const text =
      line({ type: 'header', data: header() }) +
      ss.map((data) => line({ type: 'sample', data })).join('') +
      line({ type: 'summary', data: summarize(ss, 'done') }).slice(0, 40);
    const f = parseRun(text);
    expect(f.interrupted).toBe(true);
    expect(f.summary.status).toBe('interrupted');
    expect(f.summary.total.ops).toBe(ss.filter((s) => s.phase === 'run').reduce((a, s) => a + s.totals.count, 0));
  });

  it('a complete file without a summary is interrupted', () => {
    const ss = samples(3);
    const text = line({ type: 'header', data: header() }) + ss.map((data) => line({ type: 'sample', data })).join('');
    const f = parseRun(text);
    expect(f.interrupted).toBe(true);
    expect(f.samples).toHaveLength(3);
    expect(f.summary.status).toBe('interrupted');
  });

  it('a header alone opens as an interrupted run with nothing in it', () => {
    const f = parseRun(line({ type: 'header', data: header() }));
    expect(f.interrupted).toBe(true);
    expect(f.samples).toEqual([]);
    expect(f.summary.seconds).toBe(0);
  });

  it('blank lines are ignored', () => {
    const ss = samples(2);
    const text =
      line({ type: 'header', data: header() }) +
      '\n' +
      ss.map((data) => line({ type: 'sample', data })).join('\n') +
      line({ type: 'summary', data: summarize(ss, 'done') }) +
      '\n\n';
    const f = parseRun(text);
    expect(f.interrupted).toBe(false);
    expect(f.samples).toHaveLength(2);
  });
});

describe('rejected files', () => {
  it('an empty file', () => {
    const path = freshPath();
    writeFileSync(path, '');
    expect(rejection(() => readRunFile(path)).message).toMatch(/empty/);
    expect(rejection(() => parseRun('\n\n')).message).toMatch(/empty/);
  });

  it('a foreign JSON file (first line not a kvscope header)', () => {
    for (const first of [
      '{"name":"package","version":"1.0.0"}',
      '{"type":"header","data":{"format":"other-tool"}}',
      '{"type":"sample","data":{}}',
      '[1,2,3]',
    ]) {
      const text = `${first}\n{"a":1}\n{"b":2}\n`;
      expect(rejection(() => parseRun(text, 'foreign.json')).message, first).toMatch(/not a kvscope run file/);
    }
  });

  it('a foreign text file, long or short, is not mistaken for an empty or cut run', () => {
    const long = '# Notes\nthis is\nnot a run\nat all\n';
    expect(rejection(() => parseRun(long, 'notes.md')).message).toMatch(/notes\.md/);
    // Two lines of text: neither is JSON; the message must not claim the file is empty.
    const short = 'hello world\nfoo';
    const e = rejection(() => parseRun(short, 'short.txt'));
    expect(e.message).not.toMatch(/empty/);
  });

  it('a first line that is JSON but not an object', () => {
    for (const first of ['null', '42', '"text"']) {
      const text = `${first}\n{"a":1}\n{"b":2}\n`;
      expect(rejection(() => parseRun(text, 'odd.json')).message, first).toMatch(/not a kvscope run file/);
    }
  });

  it('a corrupt line in the middle, naming the line', () => {
    const ss = samples(4);
    const lines = [
      line({ type: 'header', data: header() }),
      ...ss.map((data) => line({ type: 'sample', data })),
      line({ type: 'summary', data: summarize(ss, 'done') }),
    ];
    lines[2] = lines[2].slice(0, 30) + '\n'; // line 3 is cut, but more lines follow
    const e = rejection(() => parseRun(lines.join(''), 'bad.ndjson'));
    expect(e.message).toMatch(/line 3/);
    expect(e.message).toMatch(/bad\.ndjson/);
  });

  it('a corrupt line before a last line that lacks its newline', () => {
    // Only the very last line can be cut by a crash; the one before it was written whole.
    const ss = samples(3);
    const lines = [
      line({ type: 'header', data: header() }),
      line({ type: 'sample', data: ss[0] }),
      '{"type":"sam garbage\n',
      JSON.stringify({ type: 'sample', data: ss[2] }),
    ];
    const e = rejection(() => parseRun(lines.join(''), 'mid.ndjson'));
    expect(e.message).toMatch(/line 3/);
  });

  it('a line of an unknown type', () => {
    const text = line({ type: 'header', data: header() }) + '{"type":"bogus","data":{}}\n' + '{"type":"log","data":{}}\n';
    expect(rejection(() => parseRun(text)).message).toMatch(/unknown type bogus/);
  });

  it('a line that is JSON but not an object', () => {
    const text = line({ type: 'header', data: header() }) + 'null\n' + line({ type: 'phase', data: { phase: 'done', at: 1 } });
    rejection(() => parseRun(text));
  });

  it('a newer format version', () => {
    const text = line({ type: 'header', data: header(RUN_FORMAT_VERSION + 1) });
    const e = rejection(() => parseRun(text, 'future.ndjson'));
    expect(e.message).toMatch(/newer/);
    expect(e.message).toContain(String(RUN_FORMAT_VERSION + 1));
    // the current version itself is fine
    expect(parseRun(line({ type: 'header', data: header(RUN_FORMAT_VERSION) })).header.version).toBe(RUN_FORMAT_VERSION);
  });

  it('a version that never existed', () => {
    for (const v of [0, -1, 1.5])
      expect(rejection(() => parseRun(line({ type: 'header', data: header(v) }))).message).toMatch(/unknown run format version/);
  });
});

describe('older run files', () => {
  it('a version 1 run opens migrated to the current format, in no group, its samples untouched', () => {
    const ss = samples(3);
    const text = line({ type: 'header', data: header(1) }) + ss.map((data) => line({ type: 'sample', data })).join('');
    const f = parseRun(text, 'v1.ndjson');
    expect(f.header.version).toBe(RUN_FORMAT_VERSION);
    expect(f.header.group).toBeUndefined();
    expect(f.header.scenario).toEqual(header(1).scenario);
    expect(f.samples).toEqual(ss);
  });
});
