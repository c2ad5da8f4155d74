import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Node's module ABI (process.versions.modules) per major, for messages only: the check compares ABIs. */
const NODE_OF_ABI: Record<string, string> = { '108': '18', '115': '20', '120': '21', '127': '22', '131': '23', '137': '24', '141': '25' };
/** Asking a runtime for its ABI starts it once; it answers in well under a second. */
const PROBE_TIMEOUT_MS = 15_000;

const platformTag = (): string => `${process.platform}-${process.arch}`;
const bindingDir = (moduleDir: string): string => join(moduleDir, 'lib', 'binding');

export const nodeOfAbi = (abi: string): string => (NODE_OF_ABI[abi] ? `Node ${NODE_OF_ABI[abi]}` : `ABI ${abi}`);

/** The glibc this process runs on ("2.36"), or undefined off glibc. */
export function glibcVersion(): string | undefined {
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return header?.glibcVersionRuntime;
}

const glibcParts = (v: string): number[] => v.split('.').map(Number);
function glibcAtMost(v: string, limit: string): boolean {
  const [a, b] = glibcParts(v);
  const [c, d] = glibcParts(limit);
  return a < c || (a === c && b <= d);
}

/**
 * Put the prebuilt bindings the package ships for this platform where its
 * loader looks (lib/binding/node-vABI-PLATFORM-ARCH), and drop the rest.
 * Some versions ship Linux bindings per glibc (lib/binding/glibc@2.35/...)
 * and sort them at install time, which kvscope does not run: the newest
 * build not newer than this machine's glibc is chosen here instead.
 */
export function layoutBindings(moduleDir: string, glibc: string | undefined = glibcVersion()): void {
  const root = bindingDir(moduleDir);
  if (!existsSync(root)) return;
  const tag = platformTag();
  const variants = readdirSync(root)
    .filter((d) => /^glibc@\d+\.\d+$/.test(d))
    .map((d) => d.slice('glibc@'.length))
    .filter((v) => glibc !== undefined && glibcAtMost(v, glibc))
    .sort((a, b) => (glibcAtMost(a, b) ? 1 : -1));
  if (variants[0]) {
    const from = join(root, `glibc@${variants[0]}`);
    for (const d of readdirSync(from)) if (d.endsWith(`-${tag}`) && !existsSync(join(root, d))) renameSync(join(from, d), join(root, d));
  }
  for (const d of readdirSync(root)) if (!d.endsWith(`-${tag}`)) rmSync(join(root, d), { recursive: true, force: true });
}

/** The ABIs the package has a binding for on this platform, oldest first. */
export function bindingAbis(moduleDir: string): string[] {
  const root = bindingDir(moduleDir);
  if (!existsSync(root)) return [];
  const tag = platformTag();
  return readdirSync(root)
    .map((d) => new RegExp(`^node-v(\\d+)-${tag}$`).exec(d)?.[1])
    .filter((abi): abi is string => abi !== undefined && existsSync(join(root, `node-v${abi}-${tag}`, 'aerospike.node')))
    .sort((a, b) => Number(a) - Number(b));
}

const abiOfRuntime = new Map<string, string>();

/** The module ABI of the Node at `path`, asked once per path. */
export function runtimeAbi(path: string): string {
  if (path === process.execPath && !process.versions.electron) return process.versions.modules;
  let abi = abiOfRuntime.get(path);
  if (abi === undefined) {
    abi = execFileSync(path, ['-p', 'process.versions.modules'], {
      encoding: 'utf8',
      timeout: PROBE_TIMEOUT_MS,
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    }).trim();
    abiOfRuntime.set(path, abi);
  }
  return abi;
}

/** Why the client at moduleDir cannot run on that ABI, or undefined when it can. */
export function bindingMismatch(label: string, moduleDir: string, abi: string): string | undefined {
  const abis = bindingAbis(moduleDir);
  if (abis.includes(abi)) return undefined;
  const have = abis.length ? abis.map((a) => `${nodeOfAbi(a)} (ABI ${a})`).join(', ') : 'none';
  return `${label} has no prebuilt binding for ${nodeOfAbi(abi)} (ABI ${abi}) on ${platformTag()}; it has bindings for: ${have}. Choose a node version it supports or another client version`;
}
