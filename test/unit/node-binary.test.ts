import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv, resolveNodeBinary } from '../../main/engine/node-binary';

describe('resolveNodeBinary', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-bin-'));
  const fake = join(dir, 'node-fake');
  writeFileSync(fake, '#!/bin/sh\n');
  chmodSync(fake, 0o755);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a name on PATH', () => {
    expect(resolveNodeBinary('node-fake', { PATH: `/nonexistent:${dir}` })).toEqual({ path: fake, fallback: false });
  });

  it('takes an executable path as given', () => {
    expect(resolveNodeBinary(fake, {})).toEqual({ path: fake, fallback: false });
  });

  it('rejects a path that is not an executable, naming it', () => {
    expect(() => resolveNodeBinary(join(dir, 'missing'), {})).toThrow(/node: .*missing is not an executable file/);
  });

  it('falls back to the running runtime only when nothing is found on PATH', () => {
    expect(resolveNodeBinary('node-none', { PATH: dir })).toEqual({ path: process.execPath, fallback: true });
  });
});

describe('childEnv', () => {
  it('adds the scenario environment, and ELECTRON_RUN_AS_NODE only when the child runs on Electron itself', () => {
    const env = childEnv({ path: '/usr/bin/node', fallback: false }, { UV_THREADPOOL_SIZE: '8' });
    expect(env.UV_THREADPOOL_SIZE).toBe('8');
    expect(env.ELECTRON_RUN_AS_NODE).toBeUndefined();
    const electron = process.versions as Record<string, string | undefined>;
    electron.electron = '42.0.0';
    try {
      expect(childEnv({ path: process.execPath, fallback: true }).ELECTRON_RUN_AS_NODE).toBe('1');
      // The Node kvscope runs on, named outright in a scenario, is Electron's binary too.
      expect(childEnv({ path: process.execPath, fallback: false }).ELECTRON_RUN_AS_NODE).toBe('1');
      expect(childEnv({ path: '/opt/other/bin/node', fallback: false }).ELECTRON_RUN_AS_NODE).toBeUndefined();
    } finally {
      delete electron.electron;
    }
  });
});
