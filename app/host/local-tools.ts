import type { LocalTools } from '../protocol/bridge';
import { findHazelcastJar } from './hazelcast-jar';
import { findOnPath } from './which';

/** The java binary: KVSCOPE_JAVA, else `java` on PATH. */
export const javaPath = (): string | undefined => process.env.KVSCOPE_JAVA ?? findOnPath('java');

/** The redis-server binary: KVSCOPE_REDIS_SERVER, else `redis-server` on PATH. */
export const redisServerPath = (): string | undefined => process.env.KVSCOPE_REDIS_SERVER ?? findOnPath('redis-server');

/** What this machine has for local clusters, in words for the Scenarios page. */
export function localTools(): LocalTools {
  const redis = redisServerPath();
  const java = javaPath();
  const jar = findHazelcastJar();
  const canFetch = jar.detail.includes('mvn will fetch');
  return {
    redis: redis
      ? { available: true, detail: `redis-server at ${redis}` }
      : {
          available: false,
          detail: 'redis-server not found on PATH: install it (Debian: apt-get install redis-server) or set KVSCOPE_REDIS_SERVER',
        },
    hazelcast: !java
      ? {
          available: false,
          detail: 'java not found on PATH: install a JRE (Debian: apt-get install default-jre-headless) or set KVSCOPE_JAVA',
        }
      : jar.jar || canFetch
        ? { available: true, detail: `java at ${java}; ${jar.jar ? `jar ${jar.jar}` : jar.detail}` }
        : { available: false, detail: jar.detail },
  };
}
