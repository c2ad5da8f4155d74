import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * kvscope's temporary folders carry their owner's pid in the name
 * (`kvscope-<kind>-<pid>-XXXXXX`), as do its temporary files
 * (`kvscope-<kind>-<pid>-<n>.<ext>`, e.g. the Aerospike scan sink). Their
 * owner removes them when it stops; one killed outright (SIGKILL, a power
 * cut) cannot, so the next run removes every one whose owner is gone.
 */
const TEMP_DIR_PREFIX = 'kvscope-';

/** `kvscope-<kind>-<pid>-` plus mkdtemp's six characters. */
const OWNED_DIR = /^kvscope-([a-z][a-z-]*)-(\d+)-[A-Za-z0-9]{6}$/;
/** `kvscope-<kind>-<pid>-<n>.<ext>`. */
const OWNED_FILE = /^kvscope-([a-z][a-z-]*)-(\d+)-\d+\.[a-z]+$/;

/** A fresh folder under the system temp folder, owned by this process. */
export function makeOwnedTempDir(kind: string, parent = tmpdir()): string {
  return mkdtempSync(join(parent, `${TEMP_DIR_PREFIX}${kind}-${process.pid}-`));
}

/** The name of a temporary file owned by this process: `n` tells apart several of one kind (one per worker, say). */
export function ownedTempFileName(kind: string, n: number, ext: string): string {
  return `${TEMP_DIR_PREFIX}${kind}-${process.pid}-${n}.${ext}`;
}

/** The owner pid in a name made by makeOwnedTempDir or ownedTempFileName, or undefined for any other name. */
export function ownerPid(name: string): number | undefined {
  const m = OWNED_DIR.exec(name) ?? OWNED_FILE.exec(name);
  return m ? Number(m[2]) : undefined;
}

/** Whether a process with this pid exists (one of another user counts: EPERM). */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove the folders and files of owners no longer alive; returns their
 * paths. Only real folders and files of this user, each of the shape its name
 * says, are touched: the temp folder is shared, and a link or another user's
 * entry with a matching name is none of ours.
 */
export function removeStaleTempDirs(parent = tmpdir()): string[] {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const uid = process.getuid?.();
  const removed: string[] = [];
  for (const name of names) {
    const pid = ownerPid(name);
    if (pid === undefined || pid === process.pid || pidAlive(pid)) continue;
    const path = join(parent, name);
    try {
      const st = lstatSync(path);
      const shaped = OWNED_DIR.test(name) ? st.isDirectory() : st.isFile();
      if (!shaped || (uid !== undefined && st.uid !== uid)) continue;
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    } catch {
      // Gone meanwhile, or not ours to remove: either way nothing to do.
    }
  }
  return removed;
}
