import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pushes, RunListItem, StartResult } from '../../app/protocol/bridge';
import { readRunFile } from '../../app/run/reader';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { CLI, startCli, type CliProcess } from '../helpers/cli';
import { BridgeClient } from '../main/bridge-client';
import { INDEX_MARK, makeFixture } from '../main/fixtures';
import { raw, signIn } from '../main/http-request';

const URL_LINE = /kvscope dashboard: (http:\/\/127\.0\.0\.1:(\d+)\/\?token=[A-Za-z0-9_-]{43})\n/;
const START_TIMEOUT_MS = 15_000;
/** Start-up, a few seconds of run, the stop in order. */
const RUN_END_TIMEOUT_MS = 40_000;
/** `kvscope runs` over a folder with a FIFO: it answers at once, or it hangs for ever. */
const QUICK_MS = 5_000;
/** Room for the header, the first phase lines and a sample or so (tmpfs counts whole 4 KiB pages). */
const ROOM_BYTES = 4096;
/** A stack trace as Node prints one: "    at fn (file:line:col)". */
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

/** A small tmpfs whose free space is cut down to `ROOM_BYTES`, so a run's file fills it within its first seconds. */
function fullDisk(): { dir: string; refill(): void; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]);
  const refill = (): void => {
    for (const f of readdirSync(dir)) rmSync(join(dir, f), { recursive: true, force: true });
    const s = statfsSync(dir);
    writeFileSync(join(dir, 'filler'), Buffer.alloc(s.bavail * s.bsize - ROOM_BYTES));
  };
  refill();
  return {
    dir,
    refill,
    remove: () => {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every server a test starts, killed after its describe even when a test timed out mid-way. */
const started: CliProcess[] = [];
function serve(runsDir: string, rendererDir: string): CliProcess {
  const cli = startCli(['serve', '--port', '0', '--renderer-dir', rendererDir, '--runs-dir', runsDir]);
  started.push(cli);
  return cli;
}
function killStarted(): void {
  for (const cli of started.splice(0))
    if (cli.proc.exitCode === null && cli.proc.signalCode === null) process.kill(-(cli.proc.pid ?? 0), 'SIGKILL');
}

const runFiles = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.ndjson'));

function urlOf(cli: CliProcess): string {
  const m = URL_LINE.exec(cli.output());
  if (!m) throw new Error(`no URL printed:\n${cli.output()}`);
  return m[1];
}

/** `kvscope serve` on `runsDir`, signed in as a page: `body` gets the page, its address and cookie; the server is killed after. */
async function withServedPage(
  runsDir: string,
  rendererDir: string,
  body: (p: { page: BridgeClient; cli: CliProcess; url: string; cookie: string }) => Promise<void>,
): Promise<void> {
  const cli = serve(runsDir, rendererDir);
  let page: BridgeClient | undefined;
  try {
    await cli.waitFor(URL_LINE, START_TIMEOUT_MS);
    const url = urlOf(cli);
    const cookie = await signIn(url);
    page = await BridgeClient.connect(url, { cookie });
    await body({ page, cli, url, cookie });
  } finally {
    page?.close();
    if (cli.proc.exitCode === null) process.kill(-(cli.proc.pid ?? 0), 'SIGKILL');
    await cli.exited;
  }
}

describe('a runs folder on a full disk', () => {
  let disk: ReturnType<typeof fullDisk>;
  let redis: RedisServer;
  const fx = makeFixture();
  beforeAll(async () => {
    disk = fullDisk();
    redis = await startRedisServer();
  });
  afterAll(async () => {
    killStarted();
    await redis?.stop();
    disk?.remove();
    fx.remove();
  });

  it('kvscope run: warns before it starts, fails with "disk full: PATH" on stderr (exit 1, no stack trace), the file opens as interrupted', () => {
    disk.refill();
    const r = spawnSync(
      process.execPath,
      [
        CLI,
        'run',
        'redis-mix',
        '--set',
        `target.port=${redis.port}`,
        '--set',
        'warmupSeconds=0',
        '--set',
        'durationSeconds=3',
        '--runs-dir',
        disk.dir,
      ],
      {
        encoding: 'utf8',
        timeout: RUN_END_TIMEOUT_MS,
      },
    );
    const [file] = runFiles(disk.dir);
    expect(file).toBeDefined();
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`disk full: ${join(disk.dir, file)}`);
    expect(r.stderr + r.stdout).not.toMatch(STACK_LINE);
    expect(r.stdout).toMatch(/warn: \[main\] only [\d.]+ MiB free in .* \(below 100 MiB\)/);
    expect(r.stdout).toMatch(/failed/);
    const run = readRunFile(join(disk.dir, file));
    expect(run.interrupted).toBe(true);
  });

  it('kvscope serve: the run started over the Bridge fails with the reason, and the server keeps answering', async () => {
    disk.refill();
    await withServedPage(disk.dir, fx.rendererDir, async ({ page, cli, url, cookie }) => {
      const scenario = {
        name: 'full-disk',
        target: { kind: 'redis', port: redis.port },
        mix: { get: 1, set: 1 },
        warmupSeconds: 0,
        durationSeconds: 3,
      };
      const start = (await page.request('startRun', { scenario })).result as StartResult;
      expect(start.ok).toBe(true);
      const ended = (await page.waitForPush((p) => p.channel === 'runEnded', RUN_END_TIMEOUT_MS)).payload as Pushes['runEnded'];
      expect(ended.summary.status).toBe('failed');
      const logs = page.pushes.filter((p) => p.channel === 'log').map((p) => (p.payload as { message: string }).message);
      expect(logs).toContainEqual(expect.stringMatching(new RegExp(`^disk full: ${disk.dir}/[^/]+\\.ndjson$`)));
      expect(logs.some((m) => /only [\d.]+ MiB free/.test(m))).toBe(true);
      // Still serving: the state, the library (the cut file listed as interrupted) and a page.
      const state = (await page.request('getState')).result as { phase: string };
      expect(state.phase).toBe('failed');
      const listed = (await page.request('listRuns')).result as RunListItem[];
      expect(listed.map((r) => r.status)).toEqual(['interrupted']);
      const index = await raw(Number(new URL(url).port), '/', { headers: { Cookie: cookie } });
      expect(index.body).toContain(INDEX_MARK);
      expect(cli.proc.exitCode).toBeNull();
      expect(cli.output()).not.toMatch(STACK_LINE);
    });
  });
});

describe('a FIFO named like a run in the runs folder', () => {
  const fx = makeFixture();
  beforeAll(() => {
    mkdirSync(fx.runsDir, { recursive: true });
    execFileSync('mkfifo', [join(fx.runsDir, 'x.ndjson')]);
  });
  afterAll(() => {
    killStarted();
    fx.remove();
  });

  it('kvscope runs answers at once, listing it as not a regular file', () => {
    const t0 = Date.now();
    const r = spawnSync(process.execPath, [CLI, 'runs', '--runs-dir', fx.runsDir], { encoding: 'utf8', timeout: QUICK_MS * 2 });
    expect(Date.now() - t0).toBeLessThan(QUICK_MS);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/x\.ndjson: not a regular file \(a FIFO\)/);
  });

  it('kvscope serve answers 5 listRuns at once and keeps serving static files meanwhile', async () => {
    await withServedPage(fx.runsDir, fx.rendererDir, async ({ page, url, cookie }) => {
      const t0 = Date.now();
      const lists = Array.from({ length: 5 }, () => page.request('listRuns'));
      const asset = await raw(Number(new URL(url).port), '/assets/app.js', { headers: { Cookie: cookie } });
      expect(asset.status).toBe(200);
      const answers = await Promise.all(lists);
      expect(Date.now() - t0).toBeLessThan(QUICK_MS);
      for (const a of answers) {
        expect(a.ok).toBe(true);
        expect(a.result).toEqual([
          expect.objectContaining({ file: 'x.ndjson', status: 'unreadable', error: 'not a regular file (a FIFO)' }),
        ]);
      }
    });
  });
});
