import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pushes, StartResult } from '../../app/protocol/bridge';
import { readRunFile } from '../../app/run/reader';
import type { RunListItem } from '../../app/protocol/bridge';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { CLI, descendants, startCli, type CliProcess } from '../helpers/cli';
import { waitGone } from '../helpers/run';
import { fixtureRun, steady } from '../unit/run-fixture';
import { BridgeClient } from './bridge-client';
import { INDEX_MARK, makeFixture } from './fixtures';
import { openDashboard, signIn } from './http-request';

const URL_LINE = /kvscope dashboard: (http:\/\/127\.0\.0\.1:(\d+)\/\?token=[A-Za-z0-9_-]{43})\n/;
/** Start-up of the CLI (a tsc build, no bundling) on a slow box. */
const START_TIMEOUT_MS = 15_000;
/** Worker start-up plus the first second of samples. */
const FIRST_SAMPLE_TIMEOUT_MS = 30_000;
/** Stop in order: in-flight operations finish, the run file gets its summary. */
const EXIT_TIMEOUT_MS = 20_000;
const GONE_TIMEOUT_MS = 5_000;

function urlOf(cli: CliProcess): string {
  const m = URL_LINE.exec(cli.output());
  if (!m) throw new Error(`no URL printed:\n${cli.output()}`);
  return m[1];
}

describe('kvscope serve (the command)', () => {
  const fx = makeFixture();
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
    fx.remove();
  });
  const serveArgs = ['serve', '--port', '0', '--renderer-dir', fx.rendererDir, '--runs-dir', fx.runsDir];

  it('prints its URL, serves the page, and on Ctrl-C stops a running benchmark in order and exits 0 with no process left', async () => {
    const cli = startCli(serveArgs);
    let page: BridgeClient | undefined;
    try {
      await cli.waitFor(URL_LINE, START_TIMEOUT_MS);
      const url = urlOf(cli);
      expect(await openDashboard(url)).toContain(INDEX_MARK);

      page = await BridgeClient.connect(url, { cookie: await signIn(url) });
      const scenario = {
        name: 'serve-cli',
        target: { kind: 'redis', port: redis.port },
        mix: { get: 1, set: 1 },
        warmupSeconds: 0,
        durationSeconds: 120,
      };
      const start = (await page.request('startRun', { scenario })).result as StartResult;
      expect(start.ok).toBe(true);
      await page.waitForPush((p) => p.channel === 'sample', FIRST_SAMPLE_TIMEOUT_MS);
      const children = descendants(cli.proc.pid ?? -1);
      expect(children.length).toBeGreaterThanOrEqual(1);

      // A terminal's Ctrl-C reaches the whole foreground process group.
      process.kill(-(cli.proc.pid ?? 0), 'SIGINT');
      const ended = await page.waitForPush((p) => p.channel === 'runEnded', EXIT_TIMEOUT_MS);
      const exit = await cli.exited;
      expect(exit).toEqual({ code: 0, signal: null });
      expect(await waitGone(children, GONE_TIMEOUT_MS)).toEqual([]);
      const end = ended.payload as Pushes['runEnded'];
      expect(end.summary.status).toBe('stopped');
      expect(readRunFile(end.file ?? '').summary.status).toBe('stopped');
      expect(cli.output()).toContain('SIGINT: stopping');
    } finally {
      page?.close();
      if (cli.proc.exitCode === null) process.kill(-(cli.proc.pid ?? 0), 'SIGKILL');
    }
  });

  it('SIGTERM with no run: exits 0 at once', async () => {
    const cli = startCli(serveArgs);
    await cli.waitFor(URL_LINE, START_TIMEOUT_MS);
    cli.proc.kill('SIGTERM');
    expect(await cli.exited).toEqual({ code: 0, signal: null });
  });

  it('makes a --runs-dir that does not exist yet (parents too), so the first import is kept', async () => {
    const runsDir = join(fx.root, 'not', 'made', 'runs');
    expect(existsSync(join(fx.root, 'not'))).toBe(false);
    const cli = startCli(['serve', '--port', '0', '--renderer-dir', fx.rendererDir, '--runs-dir', runsDir]);
    let page: BridgeClient | undefined;
    try {
      await cli.waitFor(URL_LINE, START_TIMEOUT_MS);
      // Made at start, as `kvscope run` would make it.
      expect(existsSync(runsDir)).toBe(true);
      const url = urlOf(cli);
      page = await BridgeClient.connect(url, { cookie: await signIn(url) });
      const run = fixtureRun('abcd1234-0000-4000-8000-000000000001', steady(3, { get: { count: 10, us: 100 } }));
      const text = [
        { type: 'header', data: run.header },
        ...run.samples.map((s) => ({ type: 'sample', data: s })),
        { type: 'summary', data: run.summary },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n');
      const answer = await page.request('importRun', { name: 'first.ndjson', text });
      expect(answer.error).toBeUndefined();
      const item = answer.result as RunListItem;
      expect(item.id).toBe(run.header.id);
      expect(readdirSync(runsDir)).toEqual([item.file]);
    } finally {
      page?.close();
      if (cli.proc.exitCode === null) cli.proc.kill('SIGTERM');
      await cli.exited;
    }
  });

  it('rejects a bad port as usage (exit 2)', () => {
    const r = spawnSync(process.execPath, [CLI, 'serve', '--port', 'http'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--port must be an integer 0-65535');
  });

  it('fails with a clear message when the renderer is not built (exit 1)', () => {
    const r = spawnSync(process.execPath, [CLI, 'serve', '--port', '0', '--renderer-dir', join(fx.root, 'nothing')], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/index\.html is missing: build the renderer first/);
  });

  it('lists serve in its usage text', () => {
    const r = spawnSync(process.execPath, [CLI, 'help'], { encoding: 'utf8' });
    expect(r.stdout).toContain('kvscope serve [--port N] [--host H] [--runs-dir DIR] [--token-file FILE] [--tls-cert FILE --tls-key FILE]');
  });
});
