import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { kvscopeCacheDir } from './kvscope-dirs';
import { findOnPath } from './which';
import { fetchIntoCache } from './maven-fetch';
import { major } from '../scenario/hazelcast-generation';

/** The member version of the bundled client (the one most tests run against): fetched when no jar is on disk. */
export const DEFAULT_MEMBER_VERSION = '5.7.0';

const m2Dir = (): string => join(homedir(), '.m2', 'repository', 'com', 'hazelcast', 'hazelcast');
const cacheDir = (): string => kvscopeCacheDir();

/** The version's jar in the local Maven repository, else the newest of its major there. */
function jarInMavenRepo(version: string): string | undefined {
  if (!existsSync(m2Dir())) return undefined;
  const versions = readdirSync(m2Dir())
    .filter((v) => /^\d+\.\d+(\.\d+)?$/.test(v) && major(v) === major(version))
    .sort((a, b) => (a === version ? -1 : b === version ? 1 : b.localeCompare(a, undefined, { numeric: true })));
  for (const v of versions) {
    const jar = join(m2Dir(), v, `hazelcast-${v}.jar`);
    if (existsSync(jar)) return jar;
  }
  return undefined;
}

interface JarLookup {
  jar?: string;
  /** Why there is none, or how it would be fetched. */
  detail: string;
}

/** The jar a target names (target.jar, else KVSCOPE_HAZELCAST_JAR), whether or not it exists; undefined when neither is set. */
export function namedHazelcastJar(
  named: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): { path: string; from: string } | undefined {
  if (named) return { path: named, from: 'target.jar' };
  return env.KVSCOPE_HAZELCAST_JAR ? { path: env.KVSCOPE_HAZELCAST_JAR, from: 'KVSCOPE_HAZELCAST_JAR' } : undefined;
}

/**
 * A jar on disk: the one named, KVSCOPE_HAZELCAST_JAR, kvscope's cache (this
 * version), or the local Maven repository (this version, else the newest of
 * its major).
 */
export function findHazelcastJar(named?: string, version = DEFAULT_MEMBER_VERSION): JarLookup {
  const given = namedHazelcastJar(named);
  if (given)
    return existsSync(given.path) ? { jar: given.path, detail: given.path } : { detail: `${given.from} ${given.path} does not exist` };
  const cached = join(cacheDir(), `hazelcast-${version}.jar`);
  if (existsSync(cached)) return { jar: cached, detail: cached };
  const m2 = jarInMavenRepo(version);
  if (m2) return { jar: m2, detail: m2 };
  return findOnPath('mvn')
    ? { detail: `no Hazelcast ${version} jar on disk; mvn will fetch hazelcast ${version} from Maven Central` }
    : { detail: `no Hazelcast ${version} jar on disk and no mvn to fetch one: set target.jar or KVSCOPE_HAZELCAST_JAR` };
}

/** The jar, fetched into kvscope's cache with `mvn dependency:copy` when none is on disk. */
export async function hazelcastJar(named?: string, version = DEFAULT_MEMBER_VERSION): Promise<string> {
  const found = findHazelcastJar(named, version);
  if (found.jar) return found.jar;
  const mvn = findOnPath('mvn');
  if (namedHazelcastJar(named) || !mvn) throw new Error(`a local Hazelcast cluster needs the Hazelcast jar: ${found.detail}`);
  return fetchIntoCache(mvn, 'com.hazelcast', 'hazelcast', version);
}
