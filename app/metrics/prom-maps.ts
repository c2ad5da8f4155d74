import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '../error-message';
import { PromMapSchema, type PromMap } from './prom-map';

/**
 * A member's live IMap statistics (the `com.hazelcast:type=IMap` bean,
 * `localGetOperationCount` and so on), as the JMX exporter serves them with
 * the rule in workers/local/hazelcast-cluster.ts: `hazelcast_imap_<attribute>{map="NAME"}`.
 */
const MAP_LABELS = { map: '${map}' };
const map = (attribute: string, as: string, scale = 1) => ({ metric: `hazelcast_imap_local${attribute}`, labels: MAP_LABELS, as, scale });
const MS_TO_US = 1000;

export const HAZELCAST_PROM_MAP: PromMap = {
  description:
    "Hazelcast 5 member, IMap ${map}: gets are reads, sets, puts and removes writes (each member counts what it owns); latency totals are in ms; memory is the map's owned and backup entries' cost, RSS the member JVM's",
  rules: [
    map('getoperationcount', 'read.success'),
    map('setoperationcount', 'write.success'),
    map('putoperationcount', 'write.success'),
    map('removeoperationcount', 'write.success'),
    map('getoperationcount', 'latency.read.n'),
    map('totalgetlatency', 'latency.read.us', MS_TO_US),
    map('setoperationcount', 'latency.write.n'),
    map('putoperationcount', 'latency.write.n'),
    map('removeoperationcount', 'latency.write.n'),
    map('totalsetlatency', 'latency.write.us', MS_TO_US),
    map('totalputlatency', 'latency.write.us', MS_TO_US),
    map('totalremovelatency', 'latency.write.us', MS_TO_US),
    map('ownedentrymemorycost', 'memory'),
    map('backupentrymemorycost', 'memory'),
    // The JMX exporter's own process collector: the member JVM's resident memory.
    { metric: 'process_resident_memory_bytes', labels: {}, as: 'rss', scale: 1 },
  ],
};

const S_TO_US = 1e6;
const cmd = (name: string) => ({ cmd: name });
/**
 * redis_exporter (1.x, as Debian's prometheus-redis-exporter serves it) for
 * one Redis server: GET and SET as INFO's commandstats count them, a GET that
 * missed (keyspace misses) not-found, the server's own time per command, its
 * memory and RSS. Its latency percentiles are cumulative since the server
 * started, so they cannot be split by second: only the mean is used.
 */
export const REDIS_EXPORTER_PROM_MAP: PromMap = {
  description: 'redis_exporter: GET reads (misses are not-found), SET writes, mean server time per command, memory and RSS',
  rules: [
    { metric: 'redis_commands_total', labels: cmd('get'), as: 'read.success', scale: 1 },
    { metric: 'redis_commands_failed_calls_total', labels: cmd('get'), as: 'read.success', scale: -1 },
    { metric: 'redis_keyspace_misses_total', labels: {}, as: 'read.success', scale: -1 },
    { metric: 'redis_keyspace_misses_total', labels: {}, as: 'read.notFound', scale: 1 },
    { metric: 'redis_commands_failed_calls_total', labels: cmd('get'), as: 'read.error', scale: 1 },
    { metric: 'redis_commands_rejected_calls_total', labels: cmd('get'), as: 'read.error', scale: 1 },
    { metric: 'redis_commands_total', labels: cmd('set'), as: 'write.success', scale: 1 },
    { metric: 'redis_commands_failed_calls_total', labels: cmd('set'), as: 'write.success', scale: -1 },
    { metric: 'redis_commands_failed_calls_total', labels: cmd('set'), as: 'write.error', scale: 1 },
    { metric: 'redis_commands_rejected_calls_total', labels: cmd('set'), as: 'write.error', scale: 1 },
    { metric: 'redis_commands_total', labels: cmd('get'), as: 'latency.read.n', scale: 1 },
    { metric: 'redis_commands_duration_seconds_total', labels: cmd('get'), as: 'latency.read.us', scale: S_TO_US },
    { metric: 'redis_commands_total', labels: cmd('set'), as: 'latency.write.n', scale: 1 },
    { metric: 'redis_commands_duration_seconds_total', labels: cmd('set'), as: 'latency.write.us', scale: S_TO_US },
    { metric: 'redis_memory_used_bytes', labels: {}, as: 'memory', scale: 1 },
    { metric: 'redis_memory_used_rss_bytes', labels: {}, as: 'rss', scale: 1 },
  ],
};

const BUILT_IN: Readonly<Record<string, PromMap>> = { hazelcast: HAZELCAST_PROM_MAP, redis: REDIS_EXPORTER_PROM_MAP };

/**
 * The mapping for a server kind: the user's `metrics-maps/KIND.json` in
 * kvscope's config folder if there is one and it is valid (else a warning
 * and the built-in one), or the built-in one; undefined for a kind with
 * neither.
 */
export function promMapFor(kind: string, configDir: string, warn: (message: string) => void): PromMap | undefined {
  const file = join(configDir, 'metrics-maps', `${kind}.json`);
  if (/^[a-z0-9-]+$/.test(kind) && existsSync(file)) {
    try {
      const parsed = PromMapSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success) return parsed.data;
      warn(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}; using the built-in map`);
    } catch (err) {
      warn(`${file}: ${errorMessage(err)}; using the built-in map`);
    }
  }
  return BUILT_IN[kind];
}
