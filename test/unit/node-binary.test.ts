import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveNodeBinary } from '../../main/node-binary';

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
