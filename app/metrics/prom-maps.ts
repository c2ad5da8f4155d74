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
    "Hazelcast 5 member, IMap ${map}: gets are reads, sets, puts and removes writes (each member counts what it owns); latency totals are in ms; memory is the map's owned and backup entries' cost",
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
  ],
};

const BUILT_IN: Readonly<Record<string, PromMap>> = { hazelcast: HAZELCAST_PROM_MAP };

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
