import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

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
export function entryPath(rel: 'workers/load/worker' | 'workers/targets/main'): string {
  const p = join(packageRoot(), 'dist', `${rel}.js`);
  if (!existsSync(p)) throw new Error(`${p} is missing: run \`npm run build\``);
  return p;
}
