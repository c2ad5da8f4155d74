import { parseInfoPairs } from './aerospike-counters';
import { bucketCounters, latencyCountKey, latencySumKey, type LatencyClass } from './server-latency';

/**
 * A Redis node's INFO sections mapped onto the per-node counters every target
 * kind reports. GET is the read and SET the write kvscope issues; `calls`
 * counts executed commands (failed ones included), `rejected_calls` those
 * refused before running, and a GET that missed is an answered not-found
 * (keyspace_misses).
 */
export function redisCounters(info: string): { counters: Record<string, number>; memory?: number; rss?: number } {
  const fields = new Map<string, string>();
  for (const line of info.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0 && !line.startsWith('#')) fields.set(line.slice(0, i), line.slice(i + 1));
  }
  const cmd = (name: string): { calls: number; failed: number; rejected: number; usec: number } => {
    const pairs = parseInfoPairs((fields.get(`cmdstat_${name}`) ?? '').replace(/,/g, ';'));
    const n = (k: string): number => Number(pairs.get(k) ?? 0) || 0;
    return { calls: n('calls'), failed: n('failed_calls'), rejected: n('rejected_calls'), usec: n('usec') };
  };
  const get = cmd('get');
  const set = cmd('set');
  const misses = Math.min(Number(fields.get('keyspace_misses') ?? 0) || 0, get.calls - get.failed);
  const counters = {
    'read.success': get.calls - get.failed - misses,
    'read.notFound': misses,
    'read.error': get.failed + get.rejected,
    'write.success': set.calls - set.failed,
    'write.error': set.failed + set.rejected,
    // The server's own time per command (usec: execution only, not queueing or the network).
    [latencyCountKey('read')]: get.calls,
    [latencySumKey('read')]: get.usec,
    [latencyCountKey('write')]: set.calls,
    [latencySumKey('write')]: set.usec,
  };
  const bytes = (field: string): number | undefined => {
    const n = Number(fields.get(field));
    return fields.has(field) && Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const memory = bytes('used_memory');
  const rss = bytes('used_memory_rss');
  return { counters, ...(memory !== undefined ? { memory } : {}), ...(rss !== undefined ? { rss } : {}) };
}

/** The commands whose LATENCY HISTOGRAM kvscope asks for, and the class each one is. */
export const REDIS_LATENCY_COMMANDS: Readonly<Record<string, LatencyClass>> = { get: 'read', set: 'write' };

/**
 * Redis 7's `LATENCY HISTOGRAM get set` reply (RESP2: the command's name,
 * then `calls`, n, `histogram_usec`, [upper µs, cumulative count, ...]) as
 * per-bucket counters. Anything not of that shape is left out, never thrown:
 * it is a server's answer.
 */
export function redisLatencyCounters(reply: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!Array.isArray(reply)) return out;
  for (let i = 0; i + 1 < reply.length; i += 2) {
    const cls = REDIS_LATENCY_COMMANDS[String(reply[i]).toLowerCase()];
    const details: unknown = reply[i + 1];
    if (!cls || !Array.isArray(details)) continue;
    const at = details.findIndex((d) => String(d) === 'histogram_usec');
    const flat: unknown = details[at + 1];
    if (at < 0 || !Array.isArray(flat)) continue;
    const pairs: [number, number][] = [];
    for (let j = 0; j + 1 < flat.length; j += 2) {
      const upper = Number(flat[j]);
      const count = Number(flat[j + 1]);
      if (Number.isFinite(upper) && upper > 0 && Number.isFinite(count) && count >= 0) pairs.push([upper, count]);
    }
    Object.assign(
      out,
      bucketCounters(
        cls,
        pairs.sort((a, b) => a[0] - b[0]),
      ),
    );
  }
  return out;
}
