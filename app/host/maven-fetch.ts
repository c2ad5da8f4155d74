import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { kvscopeCacheDir } from './kvscope-dirs';

/** Maven Central may be slow; a fetch that takes longer than this has failed. */
const FETCH_TIMEOUT_MS = 180_000;

/** `group:artifact:version` fetched with `mvn dependency:copy` into kvscope's cache; the jar's path. */
export async function fetchIntoCache(mvn: string, group: string, artifact: string, version: string): Promise<string> {
  const dir = kvscopeCacheDir();
  mkdirSync(dir, { recursive: true });
  const args = ['-q', 'dependency:copy', `-Dartifact=${group}:${artifact}:${version}`, `-DoutputDirectory=${dir}`];
  await new Promise<void>((resolve, reject) =>
    execFile(mvn, args, { timeout: FETCH_TIMEOUT_MS }, (err, _out, stderr) =>
      err ? reject(new Error(`mvn could not fetch ${artifact} ${version}: ${stderr.trim() || err.message}`)) : resolve(),
    ),
  );
  return join(dir, `${artifact}-${version}.jar`);
}
