import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../main/config/config-file';
import { installedRuntime, readRuntimes, writeRuntimes } from '../../main/config/runtimes';
import { resolveNodeBinary } from '../../main/engine/node-binary';
import { notInstalledReason } from '../../app/scenario/node-version';
import { probeRuntime, ProbeError } from '../../main/config/runtime-probe';
import { checkNode } from '../../main/policy/runtime';

describe('node: only a runtime kvscope knows', () => {
  const root = mkdtempSync(join(tmpdir(), 'kvscope-policy-node-'));
  const env = { KVSCOPE_CONFIG_DIR: join(root, 'config') };
  const script = join(root, 'node-ish');
  writeFileSync(script, `#!/bin/sh\nexec '${process.execPath}' "$@"\n`);
  chmodSync(script, 0o755);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('accepts "node" (looked up on PATH) and the Node kvscope runs on, also through a symlink', () => {
    expect(checkNode('node', env)).toEqual([]);
    expect(checkNode(process.execPath, env)).toEqual([]);
    const link = join(root, 'link-to-node');
    symlinkSync(process.execPath, link);
    expect(checkNode(link, env)).toEqual([]);
  });

  it('refuses any other name, which could be any program on PATH', () => {
    expect(checkNode('sh', env)).toEqual([
      { field: 'node', reason: expect.stringMatching(/^"sh" is not a runtime kvscope knows \(only "node" is looked up on PATH\)/) },
    ]);
    expect(checkNode('./node', env)[0].reason).toMatch(/is not a runtime kvscope knows/);
  });

  it('refuses a path not on the runtimes list, saying how to add it', () => {
    expect(checkNode('/bin/sh', env)).toEqual([
      { field: 'node', reason: expect.stringContaining('/bin/sh is not a Node runtime kvscope knows') },
    ]);
    expect(checkNode(script, env)[0].reason).toContain(`kvscope runtimes add --path ${script}`);
    expect(checkNode(join(root, 'missing'), env)[0].reason).toMatch(/missing does not exist/);
  });

  it('accepts a listed runtime by its real path; a symlink to elsewhere is not it', () => {
    writeRuntimes([probeRuntime(script)], env);
    expect(readRuntimes(env)).toEqual([{ path: script, version: process.version }]);
    expect(checkNode(script, env)).toEqual([]);
    const alias = join(root, 'alias');
    symlinkSync(script, alias);
    expect(checkNode(alias, env)).toEqual([]);
    const elsewhere = join(root, 'elsewhere');
    symlinkSync('/bin/sh', elsewhere);
    expect(checkNode(elsewhere, env)[0].reason).toContain('is not a Node runtime kvscope knows');
  });

  it('takes "system" and a version that names an installed runtime (the newest of them runs); refuses one not installed', () => {
    const versions = { KVSCOPE_CONFIG_DIR: join(root, 'versions') };
    expect(checkNode('system', versions)).toEqual([]);
    expect(checkNode('22', versions)).toEqual([{ field: 'node', reason: notInstalledReason('22') }]);
    writeRuntimes(
      [
        { path: join(root, 'n22-old'), version: 'v22.9.0', managed: true },
        { path: join(root, 'n22-new'), version: 'v22.23.3', managed: true },
        { path: script, version: 'v20.1.0' },
      ],
      versions,
    );
    for (const ok of ['22', '22.9', '22.23.3', '20']) expect(checkNode(ok, versions), ok).toEqual([]);
    expect(checkNode('22.10', versions)[0].reason).toBe(notInstalledReason('22.10'));
    expect(checkNode('24', versions)[0].reason).toBe(notInstalledReason('24'));
    expect(installedRuntime('22', versions)?.path).toBe(join(root, 'n22-new'));
    expect(installedRuntime('22.9', versions)?.path).toBe(join(root, 'n22-old'));
    // The workers' binary follows the same rule.
    expect(resolveNodeBinary('22', versions)).toEqual({ path: join(root, 'n22-new'), fallback: false });
    expect(() => resolveNodeBinary('24', versions)).toThrow(`node: ${notInstalledReason('24')}`);
  });

  it('names an unreadable runtimes list in the refusal', () => {
    const other = { KVSCOPE_CONFIG_DIR: join(root, 'broken') };
    mkdirSync(other.KVSCOPE_CONFIG_DIR);
    writeFileSync(join(other.KVSCOPE_CONFIG_DIR, 'runtimes.json'), '{"runtimes": [{"path": 3}]}');
    expect(() => readRuntimes(other)).toThrow(ConfigError);
    expect(checkNode(script, other)[0].reason).toMatch(/broken\/runtimes\.json: runtimes\.0\.path: /);
  });

  it('probeRuntime wants an executable printing a Node version', () => {
    expect(() => probeRuntime('/bin/sh')).toThrow(ProbeError);
    expect(() => probeRuntime(join(root, 'missing'))).toThrow(/does not exist/);
    expect(() => probeRuntime(root)).toThrow(/not an executable file/);
    const liar = join(root, 'liar');
    writeFileSync(liar, '#!/bin/sh\necho "hello"\n');
    chmodSync(liar, 0o755);
    expect(() => probeRuntime(liar)).toThrow(/is not a Node runtime: --version printed "hello"/);
  });
});
