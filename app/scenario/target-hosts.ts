import { parseSeedHosts } from './aerospike-target';
import { parseMembers } from './hazelcast-target';
import type { Target } from './targets';

/** The address kvscope's own servers and local clusters listen on. */
const LOCAL = '127.0.0.1';

/**
 * The hosts a target's settings name: those its load goes to anyway. A
 * scenario reaching them for metrics reaches no machine its benchmark does
 * not already reach.
 */
export function targetHosts(t: Target): string[] {
  switch (t.kind) {
    case 'redis':
      return [t.localCluster > 0 ? LOCAL : t.host];
    case 'aerospike':
      return parseSeedHosts(t.hosts).map((h) => h.addr);
    case 'hazelcast':
      return t.localMembers > 0 ? [LOCAL] : parseMembers(t.members).map((m) => m.slice(0, m.lastIndexOf(':')));
    case 'builtin-kv':
    case 'builtin-file':
      return [t.external ? t.host : LOCAL];
  }
}
