import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import { EXIT_OK, EXIT_THRESHOLDS } from '../../main/exit-codes';
import { CLI } from '../helpers/cli';

const RUN_LIMIT_MS = 60_000;
const SHORT = ['--set', 'durationSeconds=2', '--set', 'warmupSeconds=0', '--quiet'];

describe("a scenario's thresholds in the terminal", () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'kvscope-thresholds-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = (sets: string[], out: string) =>
    spawnSync(process.execPath, [CLI, 'run', 'kv-async', ...SHORT, ...sets.flatMap((s) => ['--set', s]), '--out', join(dir, out)], {
      encoding: 'utf8',
      timeout: RUN_LIMIT_MS,
    });

  it('a missed threshold says which and by how much, exits with its own code, and is in the run file', () => {
    // No web server answers in a nanosecond; every one answers at least once a second.
    const r = run(['thresholds.p99Ms=0.000001', 'thresholds.minOpsPerSec=1'], 'missed.ndjson');
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^thresholds: MISS p99 [\d.]+ ms > 0\.000001 ms; pass ops\/s [\d.]+ ops\/s ≥ 1 ops\/s$/m);
    expect(r.status).toBe(EXIT_THRESHOLDS);
    const file = readRunFile(join(dir, 'missed.ndjson'));
    expect(file.summary.thresholds?.map((t) => [t.name, t.passed])).toEqual([
      ['p99Ms', false],
      ['minOpsPerSec', true],
    ]);
    expect(file.summary.outcome?.kind).toBe('done');
  });

  it('thresholds that all pass leave the exit code clean', () => {
    const r = run(['thresholds.p99Ms=600000'], 'passed.ndjson');
    expect(r.stdout).toMatch(/^thresholds: pass p99 [\d.]+ ms ≤ 600000 ms$/m);
    expect(r.status).toBe(EXIT_OK);
    expect(readdirSync(dir).sort()).toEqual(['missed.ndjson', 'passed.ndjson']);
  });

  it('kvscope runs marks the run that missed, with the miss, and not the one that held', () => {
    const r = spawnSync(process.execPath, [CLI, 'runs', '--runs-dir', dir], { encoding: 'utf8', timeout: RUN_LIMIT_MS });
    expect(r.status).toBe(0);
    expect(r.stdout.match(/thresholds missed/g)).toHaveLength(1);
    expect(r.stdout).toMatch(/runs that missed their scenario's thresholds:\n {2}[0-9a-f]{8}: p99 [\d.]+ ms > 0\.000001 ms$/m);
  });
});
