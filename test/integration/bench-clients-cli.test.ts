import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addExact, type ExactTally } from '../../app/metrics/exact-latency';
import { readRunFile } from '../../app/run/reader';
import { CLI } from '../helpers/cli';

/** The whole run, two workers on the built-in server: bounded by its seconds, the limit only for a hang. */
const RUN_LIMIT_MS = 60_000;
const WORKERS = 2;
const SEED_HEADER = 'PUT/GET, Min, Mean, 101% of Mean, Max';
/** A 3-digit histogram's bucket lies within a thousandth of its values (and a µs of rounding). */
const BUCKET_SHARE = 0.001;
const cli = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: RUN_LIMIT_MS });

describe("kvscope export --format bench --layout clients: the seed's CSV of a real run", () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'kvscope-bench-clients-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one PUT/GET pair per load worker, each its exact min, full mean and max', () => {
    const sets = [`workers=${WORKERS}`, 'warmupSeconds=1', 'durationSeconds=2'].flatMap((s) => ['--set', s]);
    const run = cli(['run', 'kv-async', ...sets, '--runs-dir', dir, '--quiet']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const [file] = readdirSync(dir).filter((f) => f.endsWith('.ndjson'));
    const csvPath = join(dir, 'seed.csv');
    const out = cli(['export', join(dir, file), '--csv', csvPath, '--format', 'bench', '--layout', 'clients']);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const text = readFileSync(csvPath, 'utf8');
    const [header, ...rows] = text.slice(0, -1).split('\n');
    expect(header).toBe(SEED_HEADER);
    expect(rows.map((r) => r.split(', ')[0])).toEqual(Array.from({ length: WORKERS }, () => ['PUT', 'GET']).flat());

    // Each row is its worker's measured seconds, exactly as the run file kept them.
    const saved = readRunFile(join(dir, file));
    const tallies = new Map<number, Record<string, ExactTally>>();
    for (const s of saved.samples.filter((x) => x.phase === 'run'))
      for (const w of s.workers) {
        const t = tallies.get(w.id) ?? {};
        for (const [op, e] of Object.entries(w.exact ?? {})) t[op] = addExact(t[op], e);
        tallies.set(w.id, t);
      }
    expect([...tallies.keys()].sort()).toEqual([0, 1]);
    const expected = [...tallies.keys()].sort().flatMap((id) =>
      (['put', 'get'] as const).map((op) => {
        const { count, sum, min, max } = tallies.get(id)![op];
        return `${op.toUpperCase()}, ${min}, ${sum / count}, ${(sum / count) * 1.01}, ${max}`;
      }),
    );
    expect(rows).toEqual(expected);
    // The workers' counts are the run's, and their least and greatest lie in the histograms' end buckets.
    for (const op of ['put', 'get'] as const) {
      const all = [...tallies.values()].map((t) => t[op]);
      const l = saved.summary.ops[op].latency;
      expect(all.reduce((a, t) => a + t.count, 0)).toBe(saved.summary.ops[op].ops);
      const min = Math.min(...all.map((t) => t.min));
      const max = Math.max(...all.map((t) => t.max));
      expect(Math.abs(min - l.min)).toBeLessThanOrEqual(l.min * BUCKET_SHARE + 1);
      expect(Math.abs(max - l.max)).toBeLessThanOrEqual(l.max * BUCKET_SHARE + 1);
    }
  });

  it('refuses --layout with another format, and a layout it does not know, before looking for the run', () => {
    const other = cli(['export', 'nosuch', '--format', 'nodes', '--layout', 'clients']);
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(/--layout goes with --format bench/);
    const unknown = cli(['export', 'nosuch', '--format', 'bench', '--layout', 'client']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/--layout must be one of seconds, clients, got "client"/);
  });
});
