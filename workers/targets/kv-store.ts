import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where the key-value server keeps values: one file per key. The two
 * implementations do the same work and differ only in how they wait for the
 * disk, which is what the "cluster vs async" benchmark compares.
 */
export interface KvStore {
  /** The stored bytes after `nTimes` re-read + sort + reduce passes, or undefined when the key has no file. */
  get(key: string): Promise<Buffer | undefined>;
  put(key: string, body: Buffer): Promise<void>;
}

/** One process, every file access awaited so other requests run meanwhile. */
export function asyncStore(dir: string, nTimes: number): KvStore {
  return {
    async get(key) {
      const file = join(dir, key);
      let value: Buffer;
      try {
        value = await readFile(file);
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
      for (let i = 0; i < nTimes; i++) crunch(await readFile(file, 'utf8'));
      return value;
    },
    async put(key, body) {
      const tmp = tempName(dir, key);
      await writeFile(tmp, body);
      await rename(tmp, join(dir, key));
    },
  };
}

/**
 * For cluster workers: every file access blocks the process, as in the seed's
 * cluster server; concurrency comes from the number of processes instead.
 * The functions are async only to share the handler; nothing in them awaits.
 */
export function syncStore(dir: string, nTimes: number): KvStore {
  return {
    async get(key) {
      const file = join(dir, key);
      let value: Buffer;
      try {
        value = readFileSync(file);
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
      for (let i = 0; i < nTimes; i++) crunch(readFileSync(file, 'utf8'));
      return value;
    },
    async put(key, body) {
      const tmp = tempName(dir, key);
      writeFileSync(tmp, body);
      renameSync(tmp, join(dir, key));
    },
  };
}

/** The seed's per-read "work": parse the value as numbers, sort a copy, sum it. */
function crunch(text: string): number {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error('stored value is not a JSON array');
  const nums = parsed as unknown[];
  const sorted = nums.map(toNumber).sort((a, b) => a - b);
  return sorted.reduce((sum, v) => sum + v, 0);
}

function toNumber(v: unknown): number {
  if (typeof v !== 'number') throw new Error('stored value is not an array of numbers');
  return v;
}

let writes = 0;

/**
 * Values are written beside their file and renamed over it: a GET racing a
 * PUT of the same key (workers share the key space) then reads the old or the
 * new value, never a half-written one that would fail as a server error.
 * Keys are [a-z0-9_-], so a name with '.' can never be a key.
 */
function tempName(dir: string, key: string): string {
  return join(dir, `.${key}.${process.pid}.${writes++}.tmp`);
}

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}
