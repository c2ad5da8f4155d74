/** Baseline of bench:clusters for Redis Cluster: a bare ioredis Cluster loop (see closed-loop.ts). */
import { Cluster } from 'ioredis';
import { keyFor, makeValue, Rng } from '../../workers/load/keys';
import { bareChild, closedLoop } from '../closed-loop';
import { ClusterBareStartSchema, type ClusterBareStart } from './protocol';

async function run(c: ClusterBareStart) {
  const client = new Cluster([{ host: c.host, port: c.port }], { lazyConnect: true, enableAutoPipelining: c.autoPipelining });
  client.on('error', () => undefined);
  await client.connect();
  const rng = new Rng(c.seed);
  const value = makeValue(c.valueSize, rng);
  const result = await closedLoop(c, () => {
    const key = keyFor(rng.int(c.keySpace), c.keyLength);
    return rng.next() < c.getShare ? client.getBuffer(key) : client.set(key, value);
  });
  client.disconnect();
  return result;
}

bareChild((raw) => ClusterBareStartSchema.safeParse(raw).data, run);
