import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

/** The package root: the nearest folder above this file holding package.json. */
export function packageRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('kvscope: package.json not found above ' + __dirname);
    dir = up;
  }
  return dir;
}

/**
 * Child-process entry points are always the compiled JavaScript, whether main
 * runs from dist/ or from the TypeScript sources under a test runner.
 */
export type EntryName = 'workers/load/worker' | 'workers/targets/main' | 'workers/monitor/main' | 'workers/local/main';

export function entryPath(rel: EntryName): string {
  const p = unpackedPath(join(packageRoot(), 'dist', `${rel}.js`));
  if (!existsSync(p)) throw new Error(`${p} is missing: run \`npm run build\``);
  return p;
}

/**
 * In a packaged app main runs from inside app.asar, but children run on a
 * plain Node that cannot read an asar archive: electron-builder unpacks
 * dist/workers (and what they load) to app.asar.unpacked beside it, and that
 * copy is the one to fork.
 */
export function unpackedPath(p: string): string {
  const packed = `${sep}app.asar${sep}`;
  const i = p.indexOf(packed);
  return i < 0 ? p : `${p.slice(0, i)}${sep}app.asar.unpacked${sep}${p.slice(i + packed.length)}`;
}
