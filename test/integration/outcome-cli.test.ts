import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { descendants, startCli } from '../helpers/cli';
import { waitGone } from '../helpers/run';

/** The CLI's exit code for a run that completed with a caveat (main/cli/run-command.ts EXIT_DEGRADED). */
const EXIT_DEGRADED = 3;
const EXIT_FAILED = 1;
/** Start, a 4 s run and the drain fit in this. */
const RUN_LIMIT_MS = 30_000;

/** The load workers among the CLI's children (the redis monitor is a child too). */
function workerPids(root: number): number[] {
  return descendants(root).filter((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('load/worker');
    } catch {
      return false;
    }
  });
}

describe('the outcome of a run, end to end through kvscope run', () => {
  let redis: RedisServer;
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-outcome-'));
  const scenario = (name: string, port: number, workers: number): string => {
    const file = join(dir, `${name}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        name,
        target: { kind: 'redis', port },
        workers,
        inFlight: 4,
        warmupSeconds: 0,
        durationSeconds: 4,
        opTimeoutMs: 500,
      }),
    );
    return file;
  };
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a worker killed with SIGKILL mid-run: degraded, naming the worker and the second, exit code 3', async () => {
    const out = join(dir, 'killed.ndjson');
    const cli = startCli(['run', scenario('killed', redis.port, 2), '--out', out], { KVSCOPE_RUNS: dir });
    try {
      await cli.waitFor(/^\s+1s run/m, RUN_LIMIT_MS);
      const workers = workerPids(cli.proc.pid!);
      expect(workers).toHaveLength(2);
      process.kill(workers[1], 'SIGKILL');
      const { code } = await cli.exited;
      const text = cli.output();
      expect(code, text).toBe(EXIT_DEGRADED);
      const killed = Number(/worker (\d) killed by SIGKILL/.exec(text)?.[1]);
      const saved = readRunFile(out);
      const o = saved.summary.outcome!;
      expect(saved.summary.status).toBe('done');
      expect(o.kind).toBe('degraded');
      expect(o.lostWorkers).toHaveLength(1);
      const lost = o.lostWorkers![0];
      expect(lost.id).toBe(killed);
      // Killed after second 0 was printed: it is missing from second 1 or later, and seconds before that ran at full strength.
      expect(lost.second).toBeGreaterThanOrEqual(1);
      expect(o.fullStrengthSeconds).toBeGreaterThanOrEqual(1);
      expect(o.fullStrengthSeconds).toBeLessThan(saved.summary.seconds);
      expect(o.reason).toContain(`worker ${killed} lost at second ${lost.second}`);
      expect(saved.samples.filter((s) => s.strength && s.strength.reporting < s.strength.expected).length).toBe(
        saved.summary.seconds - o.fullStrengthSeconds,
      );
      // The terminal says so too: the verdict on the summary's first line, the reason under it.
      expect(text).toMatch(/killed \(redis\): degraded, 4 s measured/);
      expect(text).toContain(`why: worker ${killed} lost at second ${lost.second}`);
    } finally {
      cli.proc.kill('SIGKILL');
    }
    expect(await waitGone(workerPids(cli.proc.pid!), 5000)).toEqual([]);
  });

  it('the redis server shut down mid-run: never plain done; the reason says what went wrong', async () => {
    const doomed = await startRedisServer();
    const out = join(dir, 'down.ndjson');
    const cli = startCli(['run', scenario('down', doomed.port, 1), '--out', out], { KVSCOPE_RUNS: dir });
    try {
      await cli.waitFor(/^\s+1s run/m, RUN_LIMIT_MS);
      await doomed.stop();
      const { code } = await cli.exited;
      const text = cli.output();
      const o = readRunFile(out).summary.outcome!;
      expect(['done with errors', 'degraded', 'failed']).toContain(o.kind);
      expect(code, text).toBe(o.kind === 'failed' ? EXIT_FAILED : EXIT_DEGRADED);
      // Whether the client hammers the dead port (errors) or backs off (few attempts, none answered), it shows.
      expect(o.reason).toMatch(/of operations failed|no operation answered in \d+ of 4 measured s/);
      expect(text).toContain(`why: ${o.reason}`);
      // The runs list shows the verdict and its reason, not a plain status.
      const list = startCli(['runs', '--runs-dir', dir, '--filter', 'down']);
      await list.exited;
      expect(list.output()).toMatch(new RegExp(`\\b${o.kind}\\b`));
      expect(list.output()).toContain(o.reason.slice(0, 40));
    } finally {
      cli.proc.kill('SIGKILL');
      await doomed.stop();
    }
  });
});
