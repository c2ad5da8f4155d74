import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXED_HEAP_FLAGS } from '../../bench/fixed-heap';
import { waitGone } from '../helpers/run';

const FIXTURE = join(__dirname, '..', 'fixtures', 'fixed-heap-bench.cjs');
const SHELL_SIGTERM_EXIT = 143;

interface Report {
  pid: number;
  execArgv: string[];
  childPid: number;
  childArgv: string[];
}

describe('CPU benchmarks run every process with a fixed young generation (bench/fixed-heap.ts)', () => {
  it('starts itself again with the flags, and the processes it forks inherit them', () => {
    const r = spawnSync(process.execPath, [FIXTURE], { encoding: 'utf8', timeout: 30_000 });
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout.trim()) as Report;
    for (const flag of FIXED_HEAP_FLAGS) {
      expect(report.execArgv).toContain(flag);
      expect(report.childArgv).toContain(flag);
    }
    // Started with the flags already, it runs in place: no third process.
    const direct = spawnSync(process.execPath, [...FIXED_HEAP_FLAGS, FIXTURE], { encoding: 'utf8', timeout: 30_000 });
    expect(direct.status, direct.stderr).toBe(0);
    expect((JSON.parse(direct.stdout.trim()) as Report).execArgv).toEqual(FIXED_HEAP_FLAGS);
  });

  it('passes a SIGTERM on to the copy it started, which stops its children, and exits as the copy did', async () => {
    const p = spawn(process.execPath, [FIXTURE, 'wait'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    await expect.poll(() => out.includes('\n'), { timeout: 20_000 }).toBe(true);
    const report = JSON.parse(out.trim()) as Report;
    expect(report.pid).not.toBe(p.pid);
    const exited = new Promise<number | null>((resolve) => p.once('exit', resolve));
    p.kill('SIGTERM');
    expect(await exited).toBe(SHELL_SIGTERM_EXIT);
    expect(await waitGone([report.pid, report.childPid], 10_000)).toEqual([]);
  });
});
