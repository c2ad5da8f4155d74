import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunFile } from '../../app/run/format';
import { CLI } from '../helpers/cli';
import { fixtureRun, steady } from '../unit/run-fixture';

const ndjson = (run: RunFile): string =>
  [{ type: 'header', data: run.header }, ...run.samples.map((s) => ({ type: 'sample', data: s })), { type: 'summary', data: run.summary }]
    .map((l) => JSON.stringify(l))
    .join('\n') + '\n';

const cli = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 });
const version = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

describe('the CLI behaves like a Unix tool', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kvscope-conventions-'));
    const a = fixtureRun('aaaa1111-0000-4000-8000-000000000001', steady(8, { get: { count: 100, us: 1000 } }));
    const b = fixtureRun('bbbb2222-0000-4000-8000-000000000002', steady(8, { get: { count: 140, us: 700 } }), { sets: ['inFlight=16'] });
    writeFileSync(join(dir, '2026-11-01T10-00-00-000Z_kv-async_aaaa1111.ndjson'), ndjson(a));
    writeFileSync(join(dir, '2026-11-01T11-00-00-000Z_kv-async_bbbb2222.ndjson'), ndjson(b));
    writeFileSync(join(dir, '2026-11-01T11-00-00-000Z_kv-async_bbbb2222.ndjson.meta.json'), JSON.stringify({ label: 'after upgrade' }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('--version, help COMMAND and COMMAND --help', () => {
    expect(cli(['--version'])).toMatchObject({ status: 0, stdout: `kvscope ${version}\n` });
    const help = cli(['help', 'run']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^kvscope run <scenario/);
    expect(help.stdout).toMatch(
      /elu +event-loop utilisation .*\n +cpu +the busiest worker's CPU time.*\n +target cpu .*\n +CLIENT SATURATED: a worker's elu or cpu is over 90 %.*\n.*\n +MACHINE SATURATED: the machine's CPU is over 90 % with the target on it/,
    );
    expect(cli(['run', '--help']).stdout).toBe(help.stdout);
    expect(cli(['compare', '-h']).stdout).toMatch(/^kvscope compare RUN RUN/);
    const bad = cli(['help', 'nosuch']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('no command "nosuch"');
  });

  it('- is standard output for every file option, and the words then go to standard error', () => {
    const exp = cli(['export', 'aaaa', '--runs-dir', dir]);
    expect(exp.status).toBe(0);
    expect(exp.stdout).toMatch(/^second,phase,get_ops,/);
    expect(exp.stderr).toBe('');
    const cmp = cli(['compare', 'aaaa', 'bbbb', '--csv', '-', '--runs-dir', dir]);
    expect(cmp.status).toBe(0);
    expect(cmp.stdout).toMatch(/^run,label,baseline,op,metric,/);
    expect(cmp.stderr).toContain('throughput, ops/s');
    const html = cli(['export', 'aaaa', '--html', '-', '--runs-dir', dir]);
    expect(html.stdout).toMatch(/^<!doctype html>/);
  });

  it('compare names every file it wrote', () => {
    const [csv, series, html] = ['c.csv', 's.csv', 'r.html'].map((f) => join(dir, f));
    const r = cli(['compare', 'aaaa', 'bbbb', '--csv', csv, '--series-csv', series, '--html', html, '--runs-dir', dir]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`wrote ${csv} (the comparison table)`);
    expect(r.stdout).toContain(`wrote ${series} (the per-second series side by side)`);
    expect(r.stdout).toContain(`wrote ${html} (a one-file report)`);
  });

  it('runs: text columns left-aligned, numbers right, labels shown and found; --json for runs and compare', () => {
    const lines = cli(['runs', '--runs-dir', dir]).stdout.split('\n');
    expect(lines[0]).toMatch(/^id {8}date {17}scenario {2}target {6}measured {2}ops\/s {6}p99 {2}outcome {2}label$/);
    expect(lines[1]).toMatch(
      /^bbbb2222 {2}2026-11-01 \d\d:\d\d:\d\d {2}kv-async {2}builtin-kv {7}8 s {4}141 +704 us {2}done {5}after upgrade$/,
    );
    expect(cli(['runs', '--filter', 'upgrade', '--runs-dir', dir]).stdout.trim().split('\n')).toHaveLength(2);
    const listed = JSON.parse(cli(['runs', '--json', '--runs-dir', dir]).stdout) as { id: string; label: string }[];
    expect(listed.map((r) => [r.id.slice(0, 8), r.label])).toEqual([
      ['bbbb2222', 'after upgrade'],
      ['aaaa1111', ''],
    ]);
    const compared = JSON.parse(cli(['compare', 'aaaa', 'bbbb', '--json', '--runs-dir', dir]).stdout) as { throughput: unknown[] };
    expect(compared.throughput.length).toBeGreaterThan(0);
  });

  it('says what is wrong with a setting in plain words, naming the field', () => {
    const r = cli(['run', 'kv-async', '--set', 'workers=0', '--set', 'inFlight=1.5', '--runs-dir', dir]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('workers: must be ≥ 1');
    expect(r.stderr).toContain('inFlight: must be a whole number');
    expect(r.stderr).not.toMatch(/Too small|Invalid input/);
  });

  it('run --json prints only the summary, as JSON, on standard output', () => {
    const r = cli(['run', 'kv-async', '--set', 'durationSeconds=1', '--set', 'warmupSeconds=0', '--json', '--runs-dir', dir]);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { file: string; summary: { seconds: number; total: { ops: number } } };
    expect(out.summary.seconds).toBe(1);
    expect(out.summary.total.ops).toBeGreaterThan(0);
    expect(out.file).toMatch(/kv-async_\w+\.ndjson$/);
  });
});
