import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import { CATALOG } from '../../app/scenario/catalog';
import { CLI, descendants, startCli } from '../helpers/cli';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { waitGone } from '../helpers/run';

/** Long enough that only a signal ends these runs. */
const LONG_RUN = 'durationSeconds=120';

describe('kvscope CLI', () => {
  let redis: RedisServer;
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-cli-'));
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the built-in scenarios', () => {
    const r = spawnSync(process.execPath, [CLI, 'scenarios'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    for (const c of CATALOG) expect(r.stdout).toContain(c.name);
  });

  it('lists saved scenarios after the built-in ones, names a file that is not one, and offers saved names for an unknown one', () => {
    const config = join(dir, 'config');
    mkdirSync(join(config, 'scenarios'), { recursive: true });
    writeFileSync(join(config, 'scenarios', 'my-redis.json'), JSON.stringify({ name: 'my-redis', target: { kind: 'redis' } }));
    writeFileSync(join(config, 'scenarios', 'broken.json'), '{');
    const env = { ...process.env, KVSCOPE_CONFIG_DIR: config };
    const r = spawnSync(process.execPath, [CLI, 'scenarios'], { encoding: 'utf8', env });
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^name +source +target +description$/);
    expect(lines.at(-1)).toMatch(/^my-redis +saved +redis$/);
    expect(r.stderr).toMatch(/not a scenario in .*scenarios: broken\.json: /);
    const unknown = spawnSync(process.execPath, [CLI, 'run', 'nope'], { encoding: 'utf8', env });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/unknown scenario "nope"; built-in: .*; saved: my-redis/);
    const broken = spawnSync(process.execPath, [CLI, 'run', 'broken'], { encoding: 'utf8', env });
    expect(broken.status).toBe(2);
    expect(broken.stderr).toMatch(/saved scenario "broken" cannot be used: /);
  });

  it('rejects a bad scenario naming every bad field, with exit code 2', () => {
    const r = spawnSync(process.execPath, [CLI, 'run', 'redis-mix', '--set', 'workers=0', '--set', 'valueSize=big', '--set', 'wrokers=3'], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/workers: .*>=1|workers: .*1/);
    expect(r.stderr).toMatch(/valueSize: /);
    expect(r.stderr).toMatch(/wrokers: unknown setting/);
  });

  it('rejects an unknown scenario with exit code 2', () => {
    const r = spawnSync(process.execPath, [CLI, 'run', 'no-such-thing'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('unknown scenario "no-such-thing"');
    expect(r.stderr).toContain('redis-mix');
    const slip = spawnSync(process.execPath, [CLI, 'run', 'kv-asnyc'], { encoding: 'utf8' });
    expect(slip.status).toBe(2);
    expect(slip.stderr).toContain('unknown scenario "kv-asnyc" (did you mean kv-async?)');
    // YCSB's workload E is not in the catalog, and says why rather than "unknown".
    const e = spawnSync(process.execPath, [CLI, 'run', 'ycsb-e-hazelcast'], { encoding: 'utf8' });
    expect(e.status).toBe(2);
    expect(e.stderr).toContain(
      'YCSB workload E (short range scans) is not for hazelcast: a Hazelcast IMap has no ordered range scan of keys',
    );
  });

  it('runs to the end: a line per second, a summary table, exit code 0', async () => {
    const out = join(dir, 'done.ndjson');
    const cli = startCli([
      'run',
      'redis-mix',
      '--set',
      `target.port=${redis.port}`,
      '--set',
      'durationSeconds=2',
      '--set',
      'warmupSeconds=1',
      '--out',
      out,
    ]);
    const { code } = await cli.exited;
    expect(code).toBe(0);
    const text = cli.output();
    expect(text.match(/ops\/s\s+p50/g)?.length).toBe(3);
    expect(text).toMatch(/op\s+ops\s+ops\/s/);
    expect(text).toMatch(/^get\s+[\d,]+/m);
    expect(text).toContain(`run file: ${out}`);
    expect(readRunFile(out).summary.status).toBe('done');
  });

  it('--out - keeps the run in the runs folder and copies its file, whole, to standard output; the words go to stderr', async () => {
    const runs = join(dir, 'stdout-runs');
    const set = ['--set', `target.port=${redis.port}`, '--set', 'durationSeconds=1', '--set', 'warmupSeconds=0'];
    const r = spawnSync(process.execPath, [CLI, 'run', 'redis-mix', ...set, '--out', '-', '--runs-dir', runs], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const kept = readdirSync(runs).filter((f) => f.endsWith('.ndjson'));
    expect(kept).toHaveLength(1);
    expect(r.stdout).toBe(readFileSync(join(runs, kept[0]), 'utf8'));
    expect(JSON.parse(r.stdout.split('\n')[0])).toMatchObject({ type: 'header' });
    expect(r.stderr).toMatch(/^get\s+[\d,]+/m);
    expect(existsSync('-')).toBe(false);
    const both = spawnSync(process.execPath, [CLI, 'run', 'redis-mix', '--out', '-', '--json'], { encoding: 'utf8' });
    expect(both.status).toBe(2);
    expect(both.stderr).toMatch(/--out - and --json both write to standard output/);
  });

  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal} to the whole process group stops the run in order, exit ${code}, no process left`, async () => {
      const out = join(dir, `${signal}.ndjson`);
      const cli = startCli([
        'run',
        'redis-mix',
        '--set',
        `target.port=${redis.port}`,
        '--set',
        LONG_RUN,
        '--set',
        'warmupSeconds=0',
        '--out',
        out,
      ]);
      await cli.waitFor(/2s run/, 20_000);
      const children = descendants(cli.proc.pid!);
      expect(children.length).toBeGreaterThanOrEqual(2);
      process.kill(-cli.proc.pid!, signal);
      const exit = await cli.exited;
      expect(exit.code).toBe(code);
      expect(await waitGone(children, 5000)).toEqual([]);
      const saved = readRunFile(out);
      expect(saved.summary.status).toBe('stopped');
      expect(saved.interrupted).toBe(false);
      expect(saved.samples.length).toBeGreaterThanOrEqual(2);
    });
  }

  it('Ctrl-C during kv-cluster stops the server, its cluster workers and the load workers', async () => {
    const out = join(dir, 'cluster.ndjson');
    const cli = startCli(['run', 'kv-cluster', '--set', LONG_RUN, '--set', 'warmupSeconds=0', '--set', 'workers=2', '--out', out]);
    await cli.waitFor(/2s run/, 30_000);
    const children = descendants(cli.proc.pid!);
    // 2 load workers + the cluster primary + its 2 server processes.
    expect(children.length).toBeGreaterThanOrEqual(5);
    process.kill(-cli.proc.pid!, 'SIGINT');
    expect((await cli.exited).code).toBe(130);
    expect(await waitGone(children, 5000)).toEqual([]);
    expect(readRunFile(out).summary.status).toBe('stopped');
  });

  it('killed outright during kv-cluster, no server or worker process survives', async () => {
    const cli = startCli([
      'run',
      'kv-cluster',
      '--set',
      LONG_RUN,
      '--set',
      'warmupSeconds=0',
      '--set',
      'workers=2',
      '--out',
      join(dir, 'cluster-killed.ndjson'),
    ]);
    await cli.waitFor(/2s run/, 30_000);
    const children = descendants(cli.proc.pid!);
    expect(children.length).toBeGreaterThanOrEqual(5);
    process.kill(cli.proc.pid!, 'SIGKILL');
    await cli.exited;
    expect(await waitGone(children, 5000)).toEqual([]);
  });

  it('killed outright mid-run, it leaves a readable run file marked interrupted and no orphan', async () => {
    const out = join(dir, 'killed.ndjson');
    const cli = startCli([
      'run',
      'redis-mix',
      '--set',
      `target.port=${redis.port}`,
      '--set',
      LONG_RUN,
      '--set',
      'warmupSeconds=0',
      '--out',
      out,
    ]);
    await cli.waitFor(/3s run/, 20_000);
    const children = descendants(cli.proc.pid!);
    process.kill(cli.proc.pid!, 'SIGKILL');
    await cli.exited;
    expect(await waitGone(children, 5000)).toEqual([]);
    const saved = readRunFile(out);
    expect(saved.interrupted).toBe(true);
    expect(saved.summary.status).toBe('interrupted');
    expect(saved.samples.length).toBeGreaterThanOrEqual(3);
    expect(saved.summary.total.ops).toBeGreaterThan(0);
  });
});
