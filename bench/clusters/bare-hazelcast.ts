/** Baseline of bench:clusters for Hazelcast: a bare hazelcast-client IMap loop (see closed-loop.ts). */
import { Client } from 'hazelcast-client';
import { hazelcastGetSet } from '../bare-ops';
import { bareChild, closedLoop } from '../closed-loop';
import { ClusterBareStartSchema, type ClusterBareStart } from './protocol';

async function run(c: ClusterBareStart) {
  const client = await Client.newHazelcastClient({
    clusterName: c.clusterName,
    network: { clusterMembers: [`${c.host}:${c.port}`] },
    properties: {
      'hazelcast.client.autopipelining.enabled': c.autoPipelining,
      ...(c.pipeliningThresholdBytes !== undefined && { 'hazelcast.client.autopipelining.threshold.bytes': c.pipeliningThresholdBytes }),
      ...(c.invocationTimeoutMs !== undefined && { 'hazelcast.client.invocation.timeout.millis': c.invocationTimeoutMs }),
      'hazelcast.logging.level': 'OFF',
    },
  });
  const map = await client.getMap<string, string>('kvscope');
  const result = await closedLoop(c, hazelcastGetSet(map, c));
  await client.shutdown();
  return result;
}

bareChild((raw) => ClusterBareStartSchema.safeParse(raw).data, run);
