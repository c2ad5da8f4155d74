import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_MEMORY_REDUCER } from '../../main/engine/memory-reducer';

const ROOT = join(__dirname, '..', '..');
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** Main as Node starts with the flag wherever kvscope starts it (memory-reducer.ts); a bench's own process plays main. */
describe("main's Node flags", () => {
  it('the kvscope command runs Node with it (its first line)', () => {
    const first = readFileSync(join(ROOT, 'bin', 'kvscope.js'), 'utf8').split('\n')[0];
    expect(first).toBe(`#!/usr/bin/env -S node ${NO_MEMORY_REDUCER}`);
  });

  it.each(['start', 'serve', ...Object.keys(scripts).filter((k) => k.startsWith('bench:'))])('npm run %s runs Node with it', (name) => {
    expect(scripts[name]).toMatch(new RegExp(`&& node ${NO_MEMORY_REDUCER} `));
  });
});
