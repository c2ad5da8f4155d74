import { parseInfoPairs } from './aerospike-counters';

/**
 * A Redis node's INFO sections mapped onto the per-node counters every target
 * kind reports. GET is the read and SET the write kvscope issues; `calls`
 * counts executed commands (failed ones included), `rejected_calls` those
 * refused before running, and a GET that missed is an answered not-found
 * (keyspace_misses).
 */
export function redisCounters(info: string): { counters: Record<string, number>; memory?: number } {
  const fields = new Map<string, string>();
  for (const line of info.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0 && !line.startsWith('#')) fields.set(line.slice(0, i), line.slice(i + 1));
  }
  const cmd = (name: string): { calls: number; failed: number; rejected: number } => {
    const pairs = parseInfoPairs((fields.get(`cmdstat_${name}`) ?? '').replace(/,/g, ';'));
    const n = (k: string): number => Number(pairs.get(k) ?? 0) || 0;
    return { calls: n('calls'), failed: n('failed_calls'), rejected: n('rejected_calls') };
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
  };
  const memory = Number(fields.get('used_memory'));
  return Number.isFinite(memory) ? { counters, memory } : { counters };
}
