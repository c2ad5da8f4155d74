import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { waitGone } from '../helpers/processes';

const ROOT = join(__dirname, '..', '..');
/** A killed process's exit reaches the kernel within milliseconds; a loaded box gets room. */
const GONE_WITHIN_MS = 5_000;

it('a test that times out while its servers start leaves none running once vitest ends', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-worker-exit-'));
  const pidFile = join(dir, 'pids.json');
  try {
    const vitest = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'test/fixtures/orphan/vitest.config.mjs'],
      { cwd: ROOT, env: { ...process.env, KVSCOPE_FIXTURE_PIDS: pidFile }, encoding: 'utf8', timeout: 50_000 },
    );
    const output = `${vitest.stdout}${vitest.stderr}`;
    expect(output).toMatch(/Test timed out in 1000ms/);
    expect(vitest.status).toBe(1);
    const pids = JSON.parse(readFileSync(pidFile, 'utf8')) as number[];
    expect(pids).toHaveLength(2);
    const left = await waitGone(pids, GONE_WITHIN_MS);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    expect(left).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
