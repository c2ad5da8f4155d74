/** Baseline of bench:clusters for Redis Cluster: a bare ioredis Cluster loop (see closed-loop.ts). */
import { Cluster } from 'ioredis';
import { bareChild, closedLoop } from '../closed-loop';
import { ioredisGetSet } from '../bare-ops';
import { ClusterBareStartSchema, type ClusterBareStart } from './protocol';

async function run(c: ClusterBareStart) {
  const client = new Cluster([{ host: c.host, port: c.port }], { lazyConnect: true, enableAutoPipelining: c.autoPipelining });
  client.on('error', () => undefined);
  await client.connect();
  const result = await closedLoop(c, ioredisGetSet(client, c));
  client.disconnect();
  return result;
}

bareChild((raw) => ClusterBareStartSchema.safeParse(raw).data, run);
