/**
 * The baseline of bench:aerospike: the plainest closed loop of the
 * `aerospike` client that makes the load of one kvscope worker running
 * aerospike-50-50 (same in-flight count, mix, keys, value, timeouts), with a
 * counter and nothing else. A GET of a missing key is an answer, as in kvscope.
 */
import Aerospike from 'aerospike';
import { parseSeedHosts } from '../../app/scenario/aerospike-target';
import { keyFor, makeValue, Rng } from '../../workers/load/keys';
import { bareChild, closedLoop } from '../closed-loop';
import { AsBareStartSchema, type AsBareStart } from './protocol';

const NOT_FOUND = 2;
const LOG_OFF = -1;

async function run(c: AsBareStart) {
  const policy = { totalTimeout: c.totalTimeoutMs, maxRetries: 0 };
  const client = await Aerospike.connect({
    hosts: parseSeedHosts(c.hosts).map((h) => ({ addr: h.addr, port: h.port })),
    log: { level: LOG_OFF },
    policies: { read: policy, write: policy },
  } as Aerospike.ConfigOptions);
  const rng = new Rng(c.seed);
  const bins = { v: makeValue(c.valueSize, rng) };
  const result = await closedLoop(
    c,
    () => {
      const key = new Aerospike.Key(c.namespace, c.set, keyFor(rng.int(c.keySpace), c.keyLength));
      return rng.next() < c.getShare ? client.get(key) : client.put(key, bins);
    },
    (err) => (err as { code?: number } | null)?.code === NOT_FOUND,
  );
  client.close();
  return result;
}

bareChild((raw) => AsBareStartSchema.safeParse(raw).data, run);
