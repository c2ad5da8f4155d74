import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ClientOption } from '../../app/protocol/bridge';
import {
  CLIENT_PACKAGE_NAMES,
  clientLabel,
  clientNotInstalledReason,
  parseClientSpec,
  targetClient,
  type ClientPackage,
  type ClientSpec,
} from '../../app/scenario/client-version';
import { layoutBindings } from './aerospike-binding';
import { cacheDir } from './dirs';
import { npmFailure, npmInstall } from './npm';

const OFFLINE_HINT = 'kvscope installs client versions with npm from the npm registry; offline, use the bundled version (no target.client)';

/** Installed client versions: one folder per package and version, written only by `kvscope clients add` or the dashboard's Install. */
export const clientsDir = (env: NodeJS.ProcessEnv = process.env): string => join(cacheDir(env), 'clients');

/** `pkg-version` (npm misreads an install prefix with an @ in it). */
const folderOf = (c: ClientSpec, env: NodeJS.ProcessEnv): string => join(clientsDir(env), `${c.pkg}-${c.version}`);
const moduleIn = (folder: string, pkg: ClientPackage): string => join(folder, 'node_modules', pkg);

function versionAt(moduleDir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(moduleDir, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** The version kvscope ships with (its own node_modules). */
export function bundledVersion(pkg: ClientPackage): string {
  const v = versionAt(bundledModuleDir(pkg));
  if (!v) throw new Error(`kvscope's own ${pkg} has no version in its package.json`);
  return v;
}

export function bundledModuleDir(pkg: ClientPackage): string {
  return dirname(require.resolve(`${pkg}/package.json`));
}

/** The folder a worker loads this version from: the bundled one when it is that version, else the cache's, or undefined when not installed. */
export function clientModuleDir(c: ClientSpec, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (c.version === bundledVersion(c.pkg)) return bundledModuleDir(c.pkg);
  const dir = moduleIn(folderOf(c, env), c.pkg);
  return versionAt(dir) === c.version ? dir : undefined;
}

/**
 * Install one exact version into kvscope's cache, once: npm with install
 * scripts off into a staging folder, the prebuilt bindings put in place
 * (aerospike), then moved into place whole, so a folder in the cache is
 * always complete. Returns the module folder.
 */
export async function installClient(c: ClientSpec, say: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const have = clientModuleDir(c, env);
  if (have) return have;
  const label = clientLabel(c);
  const folder = folderOf(c, env);
  mkdirSync(clientsDir(env), { recursive: true, mode: 0o700 });
  const staging = mkdtempSync(join(clientsDir(env), '.install-'));
  try {
    say(`downloading ${label} with npm into ${folder}`);
    try {
      await npmInstall(staging, label);
    } catch (err) {
      throw npmFailure(`cannot install ${label}`, err, OFFLINE_HINT);
    }
    const dir = moduleIn(staging, c.pkg);
    if (versionAt(dir) !== c.version) throw new Error(`npm installed ${c.pkg}@${versionAt(dir) ?? 'nothing'}, not ${c.version}`);
    if (c.pkg === 'aerospike') {
      say(`putting ${label}'s prebuilt bindings for ${process.platform}-${process.arch} in place`);
      layoutBindings(dir);
    }
    rmSync(folder, { recursive: true, force: true });
    renameSync(staging, folder);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  say(`installed ${label}`);
  return moduleIn(folder, c.pkg);
}

/** The versions in the cache, by package then version. */
export function installedClients(env: NodeJS.ProcessEnv = process.env): ClientSpec[] {
  const root = clientsDir(env);
  if (!existsSync(root)) return [];
  const found: ClientSpec[] = [];
  for (const name of readdirSync(root)) {
    const m = /^(.+)-(\d+\.\d+\.\d+)$/.exec(name);
    const spec = m ? parseClientSpec(`${m[1]}@${m[2]}`) : undefined;
    if (spec && typeof spec !== 'string' && versionAt(moduleIn(join(root, name), spec.pkg)) === spec.version) found.push(spec);
  }
  return found.sort((a, b) => a.pkg.localeCompare(b.pkg) || a.version.localeCompare(b.version, 'en', { numeric: true }));
}

/** What a target's `client` may name: each bundled package, then the installed versions (the CLI's list and the dashboard's). */
export function clientOptions(env: NodeJS.ProcessEnv = process.env): ClientOption[] {
  return [
    ...CLIENT_PACKAGE_NAMES.map((pkg) => ({ pkg, version: bundledVersion(pkg), bundled: true })),
    ...installedClients(env).map((c) => ({ ...c, bundled: false })),
  ];
}

/** Delete one version from the cache; false when it was not there. */
export function removeClient(c: ClientSpec, env: NodeJS.ProcessEnv = process.env): boolean {
  const folder = folderOf(c, env);
  if (!existsSync(folder)) return false;
  rmSync(folder, { recursive: true, force: true });
  return true;
}

/** The folder workers load a target's client from, or undefined for the bundled one. Admitted scenarios only. */
export function chosenClientDir(t: { kind: string; client?: string }, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const spec = targetClient(t);
  if (!spec) return undefined;
  const dir = clientModuleDir(spec, env);
  if (!dir) throw new Error(`target.client: ${clientNotInstalledReason(spec)}`);
  return dir;
}
