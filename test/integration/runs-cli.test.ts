import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunFile } from '../../app/run/reader';
import { indexRuns } from '../../main/library/run-index';
import { CLI } from '../helpers/cli';
import { fixtureRun, steady } from '../unit/run-fixture';

/** A run file as the recorder writes it: header, samples, summary, one JSON line each. */
function ndjson(run: RunFile, withSummary = true): string {
  const lines = [{ type: 'header', data: run.header }, ...run.samples.map((s) => ({ type: 'sample', data: s }))];
  if (withSummary) lines.push({ type: 'summary', data: run.summary } as never);
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

const cli = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 30_000 });

describe('kvscope runs, compare and export', () => {
  let dir: string;
  const base = fixtureRun(
    'aaaa1111-0000-4000-8000-000000000001',
    steady(20, { get: { count: 100, us: 1000 }, put: { count: 30, us: 1500 } }),
  );
  const fast = fixtureRun(
    'bbbb2222-0000-4000-8000-000000000002',
    steady(20, { get: { count: 140, us: 700 }, put: { count: 30, us: 1500 } }),
    {
      sets: ['inFlight=16'],
    },
  );
  const cut = fixtureRun('cccc3333-0000-4000-8000-000000000003', steady(5, { get: { count: 10, us: 100 } }));

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kvscope-runs-'));
    writeFileSync(join(dir, '2026-11-01T10-00-00-000Z_kv-async_aaaa1111.ndjson'), ndjson(base));
    writeFileSync(join(dir, '2026-11-01T11-00-00-000Z_kv-async_bbbb2222.ndjson'), ndjson(fast));
    // A crash mid-line: no summary, the last line cut.
    writeFileSync(join(dir, '2026-11-01T12-00-00-000Z_kv-async_cccc3333.ndjson'), ndjson(cut, false) + '{"type":"sam');
    writeFileSync(join(dir, '2026-11-01T13-00-00-000Z_junk.ndjson'), '\x89PNG\r\n\x1a\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists every run newest first, the interrupted one marked and the foreign file named, not hiding the rest', async () => {
    const entries = await indexRuns(dir);
    expect(entries.map((e) => e.status)).toEqual(['unreadable', 'interrupted', 'done', 'done']);
    expect(entries[0].error).toMatch(/not a kvscope run file/);
    const out = cli(['runs', '--runs-dir', dir]);
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/bbbb2222 .*kv-async .*builtin-kv .*20 s .*172 .*done/);
    expect(out.stdout).toMatch(/not readable runs.*\n {2}2026-11-01T13-00-00-000Z_junk.ndjson: not a kvscope run file/s);
    expect(cli(['runs', '--runs-dir', dir, '--sort', 'ops']).stdout.split('\n')[1]).toMatch(/^bbbb2222/);
    expect(cli(['runs', '--runs-dir', dir, '--filter', 'interrupted']).stdout.trim().split('\n')).toHaveLength(2);
    expect(cli(['runs', '--runs-dir', dir, '--sort', 'speed']).status).toBe(2);
  });

  it('compares two runs by id prefix: the settings that differ, the change and its significance, and writes the CSVs', () => {
    const csvPath = join(dir, 'cmp.csv');
    const seriesPath = join(dir, 'series.csv');
    const out = execFileSync(
      process.execPath,
      [CLI, 'compare', 'aaaa', 'bbbb', '--runs-dir', dir, '--csv', csvPath, '--series-csv', seriesPath],
      {
        encoding: 'utf8',
      },
    );
    expect(out).toMatch(/settings that differ:\n {2}inFlight: \d+ \(kv-async aaaa1111 \(base\)\), 16 \(kv-async bbbb2222\)/);
    expect(out).toMatch(/get +101 +141 +\+39\.\d% \[\+\d\d\.\d% to \+\d\d\.\d%\] \(p<0\.001 n=20\+20 s\)/);
    expect(out).toMatch(/put +31 +31 +~ 0\.0% \[-[\d.]+% to \+[\d.]+%\] \(p=1\.000 n=20\+20 s\)/);
    expect(out).toMatch(/^kv-async bbbb2222 vs kv-async aaaa1111: verdict: ops\/s \+\d+\.\d% \(p<0\.001\)/);
    expect(out).toContain('cannot speak for run-to-run noise');
    expect(readFileSync(csvPath, 'utf8')).toMatch(/^run,label,baseline,op,metric,value,unit,n,change_pct,p_value,/);
    expect(readFileSync(seriesPath, 'utf8').split('\r\n')).toHaveLength(22);
  });

  it('draws the comparison to a PNG in headless Chromium, at twice the Compare page size', () => {
    const png = join(dir, 'cmp.png');
    const out = cli(['compare', 'aaaa', 'bbbb', '--runs-dir', dir, '--png', png, '--browser', '/usr/bin/chromium']);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/wrote .*cmp\.png/);
    const bytes = readFileSync(png);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    // The page is 1400 px wide (less the scrollbar and margins) and drawn at 2x; the charts and tables make it tall.
    expect(width).toBeGreaterThan(2000);
    expect(width).toBeLessThanOrEqual(2800);
    expect(height).toBeGreaterThan(width / 2);
    expect(cli(['compare', 'aaaa', 'bbbb', '--runs-dir', dir, '--png', png, '--browser', '/nonexistent/chrome']).stderr).toMatch(
      /browser \/nonexistent\/chrome does not exist/,
    );
  });

  it('ends quietly when its reader stops reading (kvscope runs | head)', async () => {
    const child = spawn(process.execPath, [CLI, 'compare', 'aaaa', 'bbbb', '--runs-dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(code).toBe(0);
  });

  it('refuses one run, an unknown run and a bad baseline with a usage error', () => {
    expect(cli(['compare', 'aaaa', '--runs-dir', dir]).stderr).toMatch(/compare takes 2 to 8 runs, got 1/);
    const unknown = cli(['compare', 'aaaa', 'zzzz', '--runs-dir', dir]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/no run "zzzz"/);
    expect(cli(['compare', 'aaaa', 'bbbb', '--baseline', '3', '--runs-dir', dir]).stderr).toMatch(/--baseline is the position/);
  });

  it('exports a run per second and in the original benchmark format', () => {
    const seconds = join(dir, 'seconds.csv');
    const bench = join(dir, 'bench.csv');
    expect(cli(['export', 'aaaa', '--csv', seconds, '--runs-dir', dir]).status).toBe(0);
    expect(readFileSync(seconds, 'utf8').split('\r\n')[0]).toMatch(/^second,phase,get_ops/);
    const nodes = join(dir, 'nodes.csv');
    expect(cli(['export', 'aaaa', '--csv', nodes, '--format', 'nodes', '--runs-dir', dir]).status).toBe(0);
    expect(readFileSync(nodes, 'utf8').split('\r\n')[0]).toMatch(/^second,phase,node,address,state,note,/);
    expect(cli(['export', 'aaaa', '--csv', nodes, '--format', 'node', '--runs-dir', dir]).stderr).toMatch(
      /--format must be one of seconds, nodes, bench, got "node"/,
    );
    expect(cli(['export', 'aaaa', '--csv', bench, '--format', 'bench', '--runs-dir', dir]).status).toBe(0);
    const lines = readFileSync(bench, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('PUT/GET, Min, Mean, 101% of Mean, Max');
    expect(lines).toHaveLength(41);
    expect(lines[1]).toMatch(/^PUT, \d+, [\d.]+, [\d.]+, \d+$/);
  });

  it('writes one-file HTML reports of a run and of a comparison, with no script in them', () => {
    const one = join(dir, 'one.html');
    const two = join(dir, 'two.html');
    const r1 = cli(['export', 'aaaa', '--html', one, '--runs-dir', dir]);
    expect(r1.status).toBe(0);
    expect(r1.stdout).toContain(`wrote ${one} (report, from `);
    const r2 = cli(['compare', 'aaaa', 'bbbb', '--html', two, '--runs-dir', dir]);
    expect(r2.status).toBe(0);
    expect(r2.stdout).toContain(`wrote ${two}`);
    for (const f of [one, two]) {
      const html = readFileSync(f, 'utf8');
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).not.toMatch(/<script/i);
      expect(html.match(/role="img"/g)).toHaveLength(3);
    }
    expect(readFileSync(two, 'utf8')).toMatch(/<h1>kv-async aaaa\w* vs \S+ bbbb\w*<\/h1>/);
  });

  it('copies of one run: both listed, a full id says they are copies and names them, a file name or path picks one', () => {
    const copy = join(dir, 'copy-of-aaaa1111.ndjson');
    copyFileSync(join(dir, '2026-11-01T10-00-00-000Z_kv-async_aaaa1111.ndjson'), copy);
    try {
      const listed = cli(['runs', '--runs-dir', dir]);
      expect(listed.stdout).toMatch(
        /copies of one run.*\n {2}aaaa1111-0000-4000-8000-000000000001: .*_aaaa1111\.ndjson, copy-of-aaaa1111\.ndjson/s,
      );
      const byId = cli(['compare', base.header.id, 'bbbb', '--runs-dir', dir]);
      expect(byId.status).toBe(2);
      expect(byId.stderr).toMatch(/is the id of 2 copies of one run/);
      expect(byId.stderr).toContain(copy);
      expect(byId.stderr).toContain(join(dir, '2026-11-01T10-00-00-000Z_kv-async_aaaa1111.ndjson'));
      expect(cli(['compare', 'aaaa', 'bbbb', '--runs-dir', dir]).stderr).toMatch(/matches 2 runs.*one of these files:\n/s);
      expect(cli(['compare', 'copy-of-aaaa1111.ndjson', 'bbbb', '--runs-dir', dir]).status).toBe(0);
      const csv = join(dir, 'copy.csv');
      const exported = cli(['export', copy, '--csv', csv, '--runs-dir', dir]);
      expect(exported.status).toBe(0);
      expect(exported.stdout).toContain(`from ${copy}`);
    } finally {
      rmSync(copy);
    }
  });
});

describe('kvscope compare --fail-if, a regression gate for CI', () => {
  let dir: string;
  const id = (prefix: string, i: number) => `${prefix}${i}${prefix}${i}${prefix}${i}${prefix}${i}-0000-4000-8000-00000000000${i}`;
  const write = (prefix: string, counts: number[]) =>
    counts.forEach((count, i) => {
      const run = fixtureRun(id(prefix, i), steady(20, { get: { count, us: 1000 } }));
      writeFileSync(join(dir, `2026-11-02T1${i}-00-00-000Z_kv-async_${prefix}${i}.ndjson`), ndjson(run));
    });
  const refs = (prefix: string) => [0, 1, 2].map((i) => `${prefix}${i}${prefix}${i}`);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kvscope-gate-'));
    write('a', [100, 110, 95]);
    write('b', [104, 93, 108]);
    write('c', [80, 84, 78]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 5 on a significant drop past its bound and writes JUnit XML; 0 when within', () => {
    const junit = join(dir, 'gate.xml');
    const failed = cli([
      'compare',
      ...refs('a'),
      '--vs',
      ...refs('c'),
      '--fail-if',
      'ops/s<-5%,p99>+10%',
      '--junit',
      junit,
      '--runs-dir',
      dir,
    ]);
    expect(failed.stderr).toBe('');
    expect(failed.status).toBe(5);
    expect(failed.stdout).toMatch(/^FAIL {2}\S+ vs \S+: ops\/s<-5%: ops\/s changed -\d+\.\d % \(p [\d.e-]+\), past < -5\.0 %$/m);
    expect(failed.stdout).toMatch(/^gate: FAILED \(1 of 2 conditions/m);
    expect(readFileSync(junit, 'utf8')).toMatch(/<testsuites name="kvscope compare" tests="2" failures="1">/);
    const passed = cli(['compare', ...refs('a'), '--vs', ...refs('b'), '--fail-if', 'ops/s<-5%', '--runs-dir', dir]);
    expect(passed.status).toBe(0);
    expect(passed.stdout).toMatch(/^gate: passed \(1 condition checked, on the runs\)$/m);
  });

  it('refuses a gate it could not judge on the runs, and a condition it cannot read, with exit 2', () => {
    const one = cli(['compare', refs('a')[0], refs('c')[0], '--fail-if', 'ops/s<-5%', '--runs-dir', dir]);
    expect(one.status).toBe(2);
    expect(one.stderr).toMatch(/--fail-if judges groups of runs: give the baseline runs, then --vs/);
    const few = cli(['compare', refs('a')[0], '--vs', refs('c')[0], '--fail-if', 'ops/s<-5%', '--runs-dir', dir]);
    expect(few.status).toBe(2);
    expect(few.stderr).toMatch(/needs at least 3 runs of the baseline and group 2 together/);
    const bad = cli(['compare', ...refs('a'), '--vs', ...refs('c'), '--fail-if', 'throughput<5', '--runs-dir', dir]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/"throughput<5" is not a condition/);
    expect(cli(['compare', ...refs('a'), '--vs', ...refs('c'), '--junit', 'x.xml', '--runs-dir', dir]).stderr).toMatch(
      /--junit writes the verdicts of --fail-if/,
    );
  });
});
