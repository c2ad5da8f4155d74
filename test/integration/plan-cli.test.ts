import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import { CLI } from '../helpers/cli';

const RUN_LIMIT_MS = 90_000;
const cli = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: RUN_LIMIT_MS });

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
      /comparison of the swept values, inFlight=1 as the baseline:\nsettings that differ:\n {2}inFlight: 1 .*, 4 /,
    );
    // One second a side can never reach p<0.05: the change is shown with that said, not as "~".
    expect(out.stdout).toMatch(/\ntotal +[\d,]+ +[\d,]+ +[+-]?[\d.]+%, too few seconds to judge: needs at least 4\+4 \(n=1\+1\)/);
    const runs = readdirSync(dir)
      .sort()
      .map((f) => readRunFile(join(dir, f)));
    expect(runs.map((r) => [r.header.scenario.inFlight, r.header.group?.kind, r.header.group?.value, r.header.group?.index])).toEqual([
      [1, 'sweep', 1, 0],
      [4, 'sweep', 4, 1],
    ]);
    expect(runs[0].header.group?.id).toBe(runs[1].header.group?.id);
    expect(runs[0].header.version).toBe(2);
  });

  it('refuses a bad swept value before running anything, naming the value', () => {
    const before = readdirSync(dir).length;
    const out = cli(['run', 'kv-async', '--sweep', 'inFlight=8,-1', '--runs-dir', dir]);
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/inFlight=-1: inFlight: /);
    expect(readdirSync(dir)).toHaveLength(before);
  });
});
