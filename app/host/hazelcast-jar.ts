import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { kvscopeCacheDir } from './kvscope-dirs';
import { findOnPath } from './which';
import { fetchIntoCache } from './maven-fetch';

/** The member version fetched when none is on disk (the one the tests run against). */
const HAZELCAST_VERSION = '5.7.0';

const m2Dir = (): string => join(homedir(), '.m2', 'repository', 'com', 'hazelcast', 'hazelcast');
const cacheDir = (): string => kvscopeCacheDir();

/** Newest `5.x.y` (then older) version folder holding its jar in the local Maven repository. */
function jarInMavenRepo(): string | undefined {
  if (!existsSync(m2Dir())) return undefined;
  const versions = readdirSync(m2Dir())
    .filter((v) => /^\d+\.\d+(\.\d+)?$/.test(v))
    .sort((a, b) => b.localeCompare(a, undefined, { numeric: true }));
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

/** A jar on disk: the one named, KVSCOPE_HAZELCAST_JAR, kvscope's cache, or the local Maven repository. */
export function findHazelcastJar(named?: string): JarLookup {
  if (named) return existsSync(named) ? { jar: named, detail: named } : { detail: `target.jar ${named} does not exist` };
  const env = process.env.KVSCOPE_HAZELCAST_JAR;
  if (env) return existsSync(env) ? { jar: env, detail: env } : { detail: `KVSCOPE_HAZELCAST_JAR ${env} does not exist` };
  const cached = join(cacheDir(), `hazelcast-${HAZELCAST_VERSION}.jar`);
  if (existsSync(cached)) return { jar: cached, detail: cached };
  const m2 = jarInMavenRepo();
  if (m2) return { jar: m2, detail: m2 };
  return findOnPath('mvn')
    ? { detail: `no Hazelcast jar on disk; mvn will fetch hazelcast ${HAZELCAST_VERSION} from Maven Central` }
    : { detail: 'no Hazelcast jar on disk and no mvn to fetch one: set target.jar or KVSCOPE_HAZELCAST_JAR' };
}

/** The jar, fetched into kvscope's cache with `mvn dependency:copy` when none is on disk. */
export async function hazelcastJar(named?: string): Promise<string> {
  const found = findHazelcastJar(named);
  if (found.jar) return found.jar;
  const mvn = findOnPath('mvn');
  if (named || !mvn) throw new Error(`a local Hazelcast cluster needs the Hazelcast jar: ${found.detail}`);
  return fetchIntoCache(mvn, 'com.hazelcast', 'hazelcast', HAZELCAST_VERSION);
}
