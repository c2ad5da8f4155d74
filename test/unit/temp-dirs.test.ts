import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { makeOwnedTempDir, ownedTempFileName, ownerPid, removeStaleTempDirs } from '../../app/host/temp-dirs';

/** A pid that surely belongs to no process now: one that just exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('owned temp folders', () => {
  const parent = mkdtempSync(join(tmpdir(), 'temp-dirs-unit-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('carry the owner pid in their name', () => {
    const dir = makeOwnedTempDir('target', parent);
    expect(ownerPid(dir.slice(parent.length + 1))).toBe(process.pid);
    expect(ownerPid('kvscope-cli-abcdef')).toBeUndefined();
    expect(ownerPid('something-else-12-abcdef')).toBeUndefined();
    expect(ownerPid(ownedTempFileName('sink', 3, 'ndjson'))).toBe(process.pid);
  });

  it('removes folders and files of dead owners only, and never follows a link', () => {
    const left = (): string[] => readdirSync(parent);
    const dead = deadPid();
    const stale = join(parent, `kvscope-target-${dead}-aaaaaa`);
    const live = join(parent, `kvscope-redis-cluster-${process.pid}-bbbbbb`);
    const other = join(parent, 'kvscope-png-cccccc');
    const victim = mkdtempSync(join(parent, 'victim-'));
    mkdirSync(join(stale, 'nested'), { recursive: true });
    mkdirSync(live);
    mkdirSync(other);
    symlinkSync(victim, join(parent, `kvscope-target-${dead}-dddddd`));
    // A sink file of a dead worker goes too; a folder under a file's name is not what it claims to be.
    const sink = join(parent, `kvscope-sink-${dead}-0.ndjson`);
    writeFileSync(sink, '{}\n');
    const odd = join(parent, `kvscope-sink-${dead}-1.ndjson`);
    mkdirSync(odd);
    expect(removeStaleTempDirs(parent).sort()).toEqual([sink, stale].sort());
    expect(left()).toContain(odd.slice(parent.length + 1));
    expect(left()).not.toContain(stale.slice(parent.length + 1));
    expect(left()).toEqual(expect.arrayContaining([live, other, victim].map((p) => p.slice(parent.length + 1))));
  });
});
