/**
 * The baseline of bench:aerospike: the plainest closed loop of the
 * `aerospike` client that makes the load of one kvscope worker running
 * aerospike-50-50 (same in-flight count, mix, keys, value, timeouts), with a
 * counter and nothing else. A GET of a missing key is an answer, as in kvscope.
 */
import Aerospike from 'aerospike';
import { parseSeedHosts } from '../../app/scenario/aerospike-target';
import { aerospikeGetPut, aerospikeNotFound } from '../bare-ops';
import { bareChild, closedLoop } from '../closed-loop';
import { AsBareStartSchema, type AsBareStart } from './protocol';

const LOG_OFF = -1;

async function run(c: AsBareStart) {
  const policy = { totalTimeout: c.totalTimeoutMs, maxRetries: 0 };
  const client = await Aerospike.connect({
    hosts: parseSeedHosts(c.hosts).map((h) => ({ addr: h.addr, port: h.port })),
    log: { level: LOG_OFF },
    policies: { read: policy, write: policy },
  } as Aerospike.ConfigOptions);
  const result = await closedLoop(c, aerospikeGetPut(Aerospike.Key, client, c), aerospikeNotFound);
  client.close();
  return result;
}

bareChild((raw) => AsBareStartSchema.safeParse(raw).data, run);
