import { execFileSync } from 'node:child_process';
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { isExecutable } from '../../app/host/which';
import type { Runtime } from './runtimes';
import { errorMessage } from '../../app/error-message';

/** `node --version` answers at once; a binary that takes this long is not one. */
const PROBE_TIMEOUT_MS = 10_000;
/** What `node --version` prints, e.g. v20.11.1 (pre-releases have a suffix). */
const NODE_VERSION = /^v\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

export class ProbeError extends Error {}

/**
 * Check that `path` is a Node binary: an executable file that prints a Node
 * version with `--version`. Runs it, so only the user's own CLI calls this.
 */
export function probeRuntime(path: string): Runtime {
  const given = resolve(path);
  let real: string;
  try {
    real = realpathSync(given);
  } catch (err) {
    throw new ProbeError(`${given} does not exist (${(err as NodeJS.ErrnoException).code})`);
  }
  if (!statSync(real).isFile() || !isExecutable(real)) throw new ProbeError(`${given} is not an executable file`);
  let out: string;
  try {
    out = execFileSync(real, ['--version'], { encoding: 'utf8', timeout: PROBE_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (err) {
    throw new ProbeError(`${given} --version failed: ${errorMessage(err).split('\n')[0]}`);
  }
  if (!NODE_VERSION.test(out))
    throw new ProbeError(`${given} is not a Node runtime: --version printed ${JSON.stringify(out.slice(0, 80))}`);
  return { path: real, version: out };
}
