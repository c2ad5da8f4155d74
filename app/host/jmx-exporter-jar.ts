import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { kvscopeCacheDir } from './kvscope-dirs';
import { fetchIntoCache } from './maven-fetch';
import { findOnPath } from './which';

/** The Prometheus JMX exporter java agent a local Hazelcast cluster's members carry (Maven Central). */
export const JMX_EXPORTER = { group: 'io.prometheus.jmx', artifact: 'jmx_prometheus_javaagent', version: '1.0.1' } as const;

/** The exporter's jar: KVSCOPE_JMX_EXPORTER_JAR, kvscope's cache, or fetched there with mvn; or why there is none. */
export async function jmxExporterJar(): Promise<{ jar: string } | { missing: string }> {
  const env = process.env.KVSCOPE_JMX_EXPORTER_JAR;
  if (env) return existsSync(env) ? { jar: env } : { missing: `KVSCOPE_JMX_EXPORTER_JAR ${env} does not exist` };
  const cached = join(kvscopeCacheDir(), `${JMX_EXPORTER.artifact}-${JMX_EXPORTER.version}.jar`);
  if (existsSync(cached)) return { jar: cached };
  const mvn = findOnPath('mvn');
  const what = `${JMX_EXPORTER.group}:${JMX_EXPORTER.artifact}:${JMX_EXPORTER.version}`;
  if (!mvn) return { missing: `no ${what} in ${kvscopeCacheDir()} and no mvn to fetch it` };
  try {
    return { jar: await fetchIntoCache(mvn, JMX_EXPORTER.group, JMX_EXPORTER.artifact, JMX_EXPORTER.version) };
  } catch (err) {
    return { missing: (err as Error).message };
  }
}
