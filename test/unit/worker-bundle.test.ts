import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryPath, packageRoot } from '../../main/engine/entries';

/**
 * The load worker and the benchmarks that run its loop are built as one
 * bundle each (workers/bundle.mjs): the loop's imports are plain variables
 * there, not properties of other modules' exports, and the loop's code is
 * written for that. A build that left them as tsc's modules would still run,
 * only slower, so the shape of the files is checked here.
 */
const BENCH_LOOPS = ['loop-cost', 'clusters/loop-child', 'callgrind/child'];
const BUNDLED = [entryPath('workers/load/worker'), ...BENCH_LOOPS.map((b) => join(packageRoot(), 'dist', 'bench', `${b}.js`))];

/** The literal paths of require() calls: tsc's CommonJS output makes one for every import. */
const required = (code: string): string[] => [...code.matchAll(/require\("([^"]*)"\)/g)].map((m) => m[1]);

describe.each(BUNDLED)('%s', (file) => {
  const code = readFileSync(file, 'utf8');

  it('holds its own modules (the load loop among them): it requires packages only', () => {
    expect(required(code).filter((p) => p.startsWith('.'))).toEqual([]);
  });

  it('leaves the packages out, so that a run can load another version of its client', () => {
    expect(required(code)).toContain('hdr-histogram-js');
    expect(code).not.toContain('class JsHistogram {');
  });
});
