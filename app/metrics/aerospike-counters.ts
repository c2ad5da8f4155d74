/**
 * Aerospike's namespace counters (`namespace/<ns>` info) mapped onto the
 * per-node counters every target kind reports (`read.success`, ...).
 * Batch sub-reads are reads; deletes are writes.
 */
const MAPPING: Readonly<Record<string, readonly string[]>> = {
  'read.success': ['client_read_success', 'batch_sub_read_success'],
  'read.error': ['client_read_error', 'batch_sub_read_error'],
  'read.notFound': ['client_read_not_found', 'batch_sub_read_not_found'],
  'read.timeout': ['client_read_timeout', 'batch_sub_read_timeout'],
  'write.success': ['client_write_success', 'client_delete_success'],
  'write.error': ['client_write_error', 'client_delete_error'],
  'write.notFound': ['client_delete_not_found'],
  'write.timeout': ['client_write_timeout', 'client_delete_timeout'],
};

/** Memory a namespace uses: data_used_bytes since server 7.0, memory_used_bytes before. */
const MEMORY_KEYS = ['data_used_bytes', 'memory_used_bytes'];

/** An info answer's value: without the `name\t` prefix it may carry, and its trailing newline. */
export const infoValue = (text: string): string => (text.includes('\t') ? text.slice(text.indexOf('\t') + 1) : text).trim();

/**
 * A node's answer to several info names asked at once (`a\nb`): one
 * `name\tvalue` line per name, in any order, as a map from name to value. A
 * name the answer lacks is not in the map.
 */
export function infoAnswers(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) out.set(line.slice(0, tab), line.slice(tab + 1).trim());
  }
  return out;
}

/** `a=1;b=x` as a map; an info answer may carry a `name\t` prefix and a trailing newline. */
export function parseInfoPairs(text: string): Map<string, string> {
  const body = infoValue(text);
  const out = new Map<string, string>();
  for (const pair of body.trim().split(';')) {
    const i = pair.indexOf('=');
    if (i > 0) out.set(pair.slice(0, i), pair.slice(i + 1));
  }
  return out;
}

/** Cumulative per-node counters and memory from one `namespace/<ns>` answer's pairs (parseInfoPairs); null when it has none of them. */
export function aerospikeCounters(pairs: ReadonlyMap<string, string>): { counters: Record<string, number>; memory?: number } | null {
  const counters: Record<string, number> = {};
  let seen = false;
  for (const [key, names] of Object.entries(MAPPING)) {
    let sum = 0;
    for (const n of names) {
      const v = Number(pairs.get(n));
      if (pairs.has(n) && Number.isFinite(v) && v >= 0) {
        sum += v;
        seen = true;
      }
    }
    counters[key] = sum;
  }
  if (!seen) return null;
  const memKey = MEMORY_KEYS.find((k) => pairs.has(k));
  const memory = memKey === undefined ? undefined : Number(pairs.get(memKey));
  return memory !== undefined && Number.isFinite(memory) ? { counters, memory } : { counters };
}
