import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli';

const PRELOAD = join(__dirname, '..', 'fixtures', 'report-loaded-modules.cjs');
const dir = mkdtempSync(join(tmpdir(), 'kvscope-startup-'));

/** The module files a CLI command loaded, start to exit. */
function loaded(args: string[]): string[] {
  const out = join(dir, `${args.join('_') || 'none'}.json`);
  const r = spawnSync(process.execPath, ['-r', PRELOAD, CLI, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, KVSCOPE_TEST_MODULES_OUT: out, KVSCOPE_RUNS: dir },
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(readFileSync(out, 'utf8')) as string[];
}

describe('a CLI command loads only what it uses', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([['scenarios'], ['runs'], ['--version'], ['help', 'run']])('%s loads no browser driver, engine or server', (...args) => {
    const files = loaded(args);
    expect(files.some((f) => f.includes('/dist/main/cli/index.js'))).toBe(true);
    for (const heavy of ['/playwright-core/', '/main/engine/orchestrator.js', '/main/serve/server.js', '/main/cli/compare-png.js']) {
      expect(
        files.filter((f) => f.includes(heavy)),
        heavy,
      ).toEqual([]);
    }
  });
});
