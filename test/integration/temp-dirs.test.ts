import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { descendants, startCli } from '../helpers/cli';
import { waitGone } from '../helpers/run';

/** How long the first run gets to start its target (and make its folder) and measure a second. */
const STARTED_WITHIN_MS = 30_000;

describe('temporary folders of a kvscope killed outright', () => {
  // A temp folder of the test's own, so no other run's folders are involved.
  const tmp = mkdtempSync(join(tmpdir(), 'tempdirs-test-'));
  const env = { TMPDIR: tmp, KVSCOPE_RUNS: join(tmp, 'runs') };
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  const targetDirs = (pid: number): string[] => readdirSync(tmp).filter((n) => n.startsWith(`kvscope-target-${pid}-`));

  it('are left by SIGKILL and removed by the next run, never while their owner lives', async () => {
    // Owned by a live process (this one): the next run must keep it.
    const alive = join(tmp, `kvscope-target-${process.pid}-abcDEF`);
    mkdirSync(alive);
    writeFileSync(join(alive, 'data'), 'x');

    const first = startCli(['run', 'kv-async', '--set', 'durationSeconds=120', '--set', 'warmupSeconds=0'], env);
    const pid = first.proc.pid!;
    await first.waitFor(/ops\/s/, STARTED_WITHIN_MS);
    const left = targetDirs(pid);
    expect(left).toHaveLength(1);
    const children = descendants(pid);
    process.kill(pid, 'SIGKILL');
    await first.exited;
    // The children notice main is gone and exit; the folder stays behind.
    expect(await waitGone(children, 10_000)).toEqual([]);
    expect(existsSync(join(tmp, left[0]))).toBe(true);

    const second = startCli(['run', 'kv-async', '--set', 'durationSeconds=1', '--set', 'warmupSeconds=0'], env);
    const { code } = await second.exited;
    expect(code, second.output()).toBe(0);
    expect(existsSync(join(tmp, left[0]))).toBe(false);
    expect(second.output()).toContain(`removed ${join(tmp, left[0])}`);
    expect(existsSync(join(alive, 'data'))).toBe(true);
    // The second run removed its own folder on the way out.
    expect(targetDirs(second.proc.pid!)).toEqual([]);
  }, 90_000);
});
