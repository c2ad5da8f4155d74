import { basename, join } from 'node:path';
import type { ClientPackage } from '../../app/scenario/client-version';

/**
 * Where this worker loads its client library from: the folder main chose
 * for target.client (a version in kvscope's cache), else the version bundled
 * with kvscope. Set once, before the driver is created.
 */
let chosen: string | undefined;

export function useClientAt(dir: string | undefined): void {
  chosen = dir;
}

/** The client package's exports, as its driver's types describe the bundled version. */
export function loadClient<T>(pkg: ClientPackage): T {
  return require(from(pkg)) as T;
}

const from = (pkg: ClientPackage): string => (chosen !== undefined && basename(chosen) === pkg ? chosen : pkg);

/** The loaded version, for the run's environment. */
export function clientVersion(pkg: ClientPackage): string {
  return (require(join(from(pkg), 'package.json')) as { version: string }).version;
}
