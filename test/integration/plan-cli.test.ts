import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import { CLI } from '../helpers/cli';

const RUN_LIMIT_MS = 90_000;
/** Run files only: a swept run's label lies beside it. */
const runFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.ndjson'))
    .sort();
const cli = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: RUN_LIMIT_MS });
/**
 * One worker per run, not kv-async's 8: what is asserted is the plan (its runs, groups, tables and comparisons),
 * and starting 1 worker instead of 8 makes each run about 2 s shorter on a 2-core machine.
 */
const ONE_WORKER = ['--set', 'workers=1'];

describe('kvscope run --sweep / --repeat', () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'kvscope-plan-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs once per swept value, records each with its group, and ends with one table per value', () => {
    const out = cli([
      'run',
      'kv-async',
      '--set',
      'durationSeconds=1',
      '--set',
      'warmupSeconds=0',
      ...ONE_WORKER,
      '--sweep',
      'inFlight=1,4',
      '--runs-dir',
      dir,
      '--quiet',
    ]);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(/== run 1 of 2: inFlight=1/);
    expect(out.stdout).toMatch(/== run 2 of 2: inFlight=4/);
    expect(out.stdout).toMatch(/inFlight +runs +ops\/s median +spread +p99 ms median/);
    expect(out.stdout).toMatch(/\n1 +1 +[\d,]+ +0\.0% +[\d.]+ +-\n4 +1 +[\d,]+/);
    // The sweep ends with one comparison of its values, the first value the baseline.
    expect(out.stdout).toMatch(
      /comparison of the swept values, inFlight=1 as the baseline:\n.*verdict: too few to judge.*\n(.*\n){2,3}settings that differ:\n {2}inFlight: 1 .*, 4 /,
    );
    // One second a side is too few for any test: the change is shown with that said, not as "~".
    expect(out.stdout).toMatch(/\ntotal +[\d,]+ +[\d,]+ +[+-]?[\d.]+%, too few independent seconds to judge \(n=1\+1 s\)/);
    const runs = runFiles(dir).map((f) => readRunFile(join(dir, f)));
    expect(runs.map((r) => [r.header.scenario.inFlight, r.header.group?.kind, r.header.group?.value, r.header.group?.index])).toEqual([
      [1, 'sweep', 1, 0],
      [4, 'sweep', 4, 1],
    ]);
    expect(runs[0].header.group?.id).toBe(runs[1].header.group?.id);
    expect(runs[0].header.version).toBe(2);
  });

  it('two --sweep flags run a grid, table it per cell, compare per outer value, and label each run', () => {
    const gridDir = mkdtempSync(join(tmpdir(), 'kvscope-grid-'));
    try {
      const out = cli([
        'run',
        'kv-async',
        ...['--set', 'durationSeconds=1', '--set', 'warmupSeconds=0', ...ONE_WORKER],
        ...['--sweep', 'valueSize=3,1024', '--sweep', 'inFlight=1,4'],
        ...['--label', 'grid test', '--runs-dir', gridDir, '--quiet'],
      ]);
      expect(out.stderr).toBe('');
      expect(out.status).toBe(0);
      expect(out.stdout).toMatch(/== run 1 of 4: valueSize=3 inFlight=1\n/);
      expect(out.stdout).toMatch(/== run 4 of 4: valueSize=1024 inFlight=4\n/);
      expect(out.stdout).toMatch(/valueSize +inFlight +runs +ops\/s median +spread/);
      // Ops/s per cell: a row per outer value, the row's other cells against its first.
      expect(out.stdout).toMatch(
        /valueSize \(ops\/s median\) +inFlight=1 +inFlight=4\n3 +[\d,]+ +[\d,]+ \([+-][\d.]+%\)\n1024 +[\d,]+ +[\d,]+ \([+-]/,
      );
      // One comparison per outer value, of its inner cells.
      expect(out.stdout).toMatch(/valueSize=3: comparison of the swept values, inFlight=1 as the baseline:/);
      expect(out.stdout).toMatch(/valueSize=1024: comparison of the swept values, inFlight=1 as the baseline:/);
      const files = runFiles(gridDir);
      const runs = files.map((f) => readRunFile(join(gridDir, f)));
      expect(runs.map((r) => [r.header.scenario.valueSize, r.header.scenario.inFlight, r.header.group?.value])).toEqual([
        [3, 1, 3],
        [3, 4, 3],
        [1024, 1, 1024],
        [1024, 4, 1024],
      ]);
      expect(runs[1].header.group?.cell).toEqual([
        { setting: 'valueSize', value: 3 },
        { setting: 'inFlight', value: 4 },
      ]);
      const list = cli(['runs', '--runs-dir', gridDir, '--json']);
      expect(list.status).toBe(0);
      const labels = (JSON.parse(list.stdout) as { label: string }[]).map((r) => r.label).sort();
      expect(labels).toEqual([
        'grid test valueSize=1024 inFlight=1',
        'grid test valueSize=1024 inFlight=4',
        'grid test valueSize=3 inFlight=1',
        'grid test valueSize=3 inFlight=4',
      ]);
    } finally {
      rmSync(gridDir, { recursive: true, force: true });
    }
  });

  it('two --repeat 3 of one scenario, compared as groups, are judged on their runs and not called different', () => {
    const groupDir = mkdtempSync(join(tmpdir(), 'kvscope-aa-'));
    try {
      const repeat = () =>
        cli([
          'run',
          'kv-async',
          // One measured second a run: the test is on the runs (n=3+3), each run's value one second's throughput.
          '--set',
          'durationSeconds=1',
          '--set',
          'warmupSeconds=1',
          ...ONE_WORKER,
          '--repeat',
          '3',
          '--runs-dir',
          groupDir,
          '--quiet',
        ]);
      expect(repeat().status).toBe(0);
      expect(repeat().status).toBe(0);
      const files = readdirSync(groupDir).sort();
      expect(files).toHaveLength(6);
      const paths = files.map((f) => join(groupDir, f));
      const text = cli(['compare', ...paths.slice(0, 3), '--vs', ...paths.slice(3), '--runs-dir', groupDir]);
      expect(text.stderr).toBe('');
      expect(text.status).toBe(0);
      expect(text.stdout).toMatch(/^B vs A: verdict: .* \(Welch's t-test on the runs, n=3\+3 runs\)$/m);
      expect(text.stdout).toMatch(/groups: A \(base\) = (kv-async #\d\/3(, )?){3}; B = (kv-async #\d\/3(, )?){3}/);
      const json = JSON.parse(
        cli(['compare', ...paths.slice(0, 3), '--vs', ...paths.slice(3), '--json', '--runs-dir', groupDir]).stdout,
      ) as {
        groups: { throughput: { op: string; cells: ({ method?: string; p?: number; nRuns?: number[]; nSeconds?: number[] } | null)[] }[] };
      };
      const total = json.groups.throughput.find((r) => r.op === 'total')!.cells[1]!;
      expect(total).toMatchObject({ method: 'welch-runs', nRuns: [3, 3] });
      // Every measured second of the three runs a side is counted.
      for (const n of total.nSeconds!) expect(n).toBeGreaterThanOrEqual(3);
      // Repeats of one scenario differ by run-to-run noise only: a test on the runs calls that p < 0.05 now and then, never p < 0.001.
      expect(total.p).toBeGreaterThan(0.001);
      expect(cli(['compare', paths[0], '--vs', paths[1], '--baseline', '1', '--runs-dir', groupDir]).stderr).toMatch(
        /--baseline is for runs one a side/,
      );
      expect(cli(['compare', paths[0], '--vs', '--runs-dir', groupDir]).stderr).toMatch(/group 2 of compare has no runs/);
    } finally {
      rmSync(groupDir, { recursive: true, force: true });
    }
  });

  it('refuses a bad swept value before running anything, naming the value', () => {
    const before = readdirSync(dir).length;
    const out = cli(['run', 'kv-async', '--sweep', 'inFlight=8,-1', '--runs-dir', dir]);
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/inFlight=-1: inFlight: /);
    expect(readdirSync(dir)).toHaveLength(before);
  });
});
