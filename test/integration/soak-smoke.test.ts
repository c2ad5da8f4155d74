import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verdict } from '../../bench/soak/verdict';

const SOAK = join(__dirname, '..', '..', 'dist', 'bench', 'soak', 'main.js');
const MIB = 1024 * 1024;

describe('bench:soak', () => {
  it('a short soak goes through merger, run, controller and recorder with exact counts and prints its checkpoints', () => {
    const r = spawnSync(process.execPath, ['--expose-gc', SOAK, '--hours', '0.1', '--workers', '2'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/summary: done, 360 s, \d+ ops \(exact\)/);
    expect(r.stdout).toContain('run file: 360 samples kept (every second)');
    expect(r.stdout.match(/^\s+\d+\s+[\d.]+\s+[\d.]+$/gm)?.length).toBeGreaterThanOrEqual(6);
    expect(r.stdout).toMatch(/flat after the first hour: n\/a/);
  });

  it('refuses to measure without --expose-gc', () => {
    const r = spawnSync(process.execPath, [SOAK, '--hours', '0.01'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(2);
    expect(r.stdout).toMatch(/--expose-gc/);
  });

  it('the verdict: flat within the slack after the first hour passes, steady growth misses', () => {
    const at = (second: number, mib: number) => ({ second, heapUsed: mib * MIB, rss: 0 });
    expect(verdict([at(0, 10), at(3600, 20), at(7200, 21), at(10800, 20.5)], 3600).result).toBe('PASS');
    expect(verdict([at(0, 10), at(3600, 20), at(7200, 47), at(10800, 74)], 3600).result).toBe('MISS');
    expect(verdict([at(0, 10), at(360, 11)], 3600).result).toBe('n/a');
  });
});
