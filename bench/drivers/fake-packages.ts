import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClientPackage } from '../../app/scenario/client-version';
import { FAKE_MODULES } from './fake-clients';

/**
 * Package folders a driver loads through useClientAt() as it would a cached
 * client version: each folder is named after the package, says a fake
 * version, and exports the stand-in of fake-clients.ts. Made in a fresh
 * temporary folder, removed by `remove()`.
 */
export function fakePackages(): { dir(pkg: ClientPackage): string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'kvscope-fake-clients-'));
  const fakes = join(__dirname, 'fake-clients.js');
  for (const pkg of Object.keys(FAKE_MODULES)) {
    const dir = join(root, pkg);
    mkdirSync(dir);
    // The stand-in copies the installed package's API, so it says that package's version (a driver picks its API generation by it).
    const version = `${(require(`${pkg}/package.json`) as { version: string }).version}-fake`;
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: pkg, version, main: 'index.js' }));
    writeFileSync(join(dir, 'index.js'), `module.exports = require(${JSON.stringify(fakes)}).FAKE_MODULES[${JSON.stringify(pkg)}]();\n`);
  }
  return { dir: (pkg) => join(root, pkg), remove: () => rmSync(root, { recursive: true, force: true }) };
}
