import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRunFile } from '../../app/run/reader';
import { descendants, startCli } from '../helpers/cli';
import { waitGone } from '../helpers/run';

// Long enough that only the signal ends it; the runs are bounded by it anyway.
const LONG_RUN = 'durationSeconds=120';
const MASTERS = 3;
const STARTED_TIMEOUT_MS = 60_000;

/** The redis-servers among `pids` (redis names its process `redis-server host:port [cluster]`). */
function redisServers(pids: readonly number[]): number[] {
  const rows = execFileSync('ps', ['-o', 'pid=,comm=', '-p', pids.join(',')], { encoding: 'utf8' })
    .trim()
    .split('\n');
  return rows.filter((r) => r.includes('redis-server')).map((r) => Number(r.trim().split(/\s+/)[0]));
}

describe('a local Redis Cluster started by the CLI never outlives it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-local-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('Ctrl-C stops the run in order and every master with it', { timeout: 120_000 }, async () => {
    const out = join(dir, 'sigint.ndjson');
    const cli = startCli(['run', 'redis-cluster-mix', '--set', LONG_RUN, '--set', 'warmupSeconds=0', '--out', out]);
    await cli.waitFor(/2s run/, STARTED_TIMEOUT_MS);
    const children = descendants(cli.proc.pid!);
    expect(redisServers(children)).toHaveLength(MASTERS);
    process.kill(-cli.proc.pid!, 'SIGINT');
    expect((await cli.exited).code).toBe(130);
    expect(await waitGone(children, 10_000)).toEqual([]);
    expect(readRunFile(out).summary.status).toBe('stopped');
  });

  it('killed outright, its keeper still stops every master', { timeout: 120_000 }, async () => {
    const cli = startCli(['run', 'redis-cluster-mix', '--set', LONG_RUN, '--set', 'warmupSeconds=0', '--out', join(dir, 'killed.ndjson')]);
    await cli.waitFor(/2s run/, STARTED_TIMEOUT_MS);
    const children = descendants(cli.proc.pid!);
    expect(redisServers(children)).toHaveLength(MASTERS);
    process.kill(cli.proc.pid!, 'SIGKILL');
    await cli.exited;
    expect(await waitGone(children, 15_000)).toEqual([]);
  });
});
