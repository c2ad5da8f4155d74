import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bindingAbis, bindingMismatch, layoutBindings, runtimeAbi } from '../../main/config/aerospike-binding';

const tag = `${process.platform}-${process.arch}`;
const dirs: string[] = [];

/** A package folder with a binding file at each of the given paths under lib/binding. */
function pkg(bindings: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'kvscope-binding-'));
  dirs.push(root);
  for (const b of bindings) {
    mkdirSync(join(root, 'lib', 'binding', b), { recursive: true });
    writeFileSync(join(root, 'lib', 'binding', b, 'aerospike.node'), b);
  }
  return root;
}

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("the aerospike client's prebuilt bindings", () => {
  it('takes the newest glibc build not newer than the machine’s and drops the others', () => {
    const root = pkg([
      `glibc@2.31/node-v115-${tag}`,
      `glibc@2.35/node-v115-${tag}`,
      `glibc@2.35/node-v127-${tag}`,
      `glibc@2.39/node-v115-${tag}`,
      'node-v115-win32-x64',
    ]);
    layoutBindings(root, '2.36');
    expect(readdirSync(join(root, 'lib', 'binding')).sort()).toEqual([`node-v115-${tag}`, `node-v127-${tag}`]);
    expect(bindingAbis(root)).toEqual(['115', '127']);
  });

  it('keeps a flat layout as it is', () => {
    const root = pkg([`node-v115-${tag}`, `node-v137-${tag}`, 'node-v137-win32-x64']);
    layoutBindings(root, '2.36');
    expect(bindingAbis(root)).toEqual(['115', '137']);
  });

  it('has nothing for a machine older than every glibc build', () => {
    const root = pkg([`glibc@2.35/node-v115-${tag}`]);
    layoutBindings(root, '2.28');
    expect(bindingAbis(root)).toEqual([]);
    expect(bindingMismatch('aerospike@5.12.1', root, '115')).toMatch(/has no prebuilt binding for Node 20 \(ABI 115\).*: none\./);
  });

  it('says plainly which Node versions a client has bindings for', () => {
    const root = pkg([`node-v108-${tag}`, `node-v115-${tag}`]);
    expect(bindingMismatch('aerospike@5.12.1', root, '115')).toBeUndefined();
    expect(bindingMismatch('aerospike@5.12.1', root, '137')).toBe(
      `aerospike@5.12.1 has no prebuilt binding for Node 24 (ABI 137) on ${tag}; it has bindings for: Node 18 (ABI 108), Node 20 (ABI 115). Choose a node version it supports or another client version`,
    );
  });

  it('asks a runtime for its ABI', () => {
    expect(runtimeAbi(process.execPath)).toBe(process.versions.modules);
  });
});
