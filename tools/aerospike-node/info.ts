import type { TestCluster } from './cluster';
import type { TestNode } from './node';
import { COUNTER_NAMES } from './counters';
import { createIndex, indexStatus } from './sindex';

/** The server build the node claims: 6.0 and later get the batch-any and partition-query protocols. */
export const BUILD = '7.0.0.0';
const FEATURES =
  'batch-index;blob-bits;cdt-list;cdt-map;float;geo;peers;pipelining;pquery;pscans;query-show;relaxed-sc;replicas;truncate-namespace;udf';

/**
 * Answers to info commands, as `name\tvalue\n` lines. A request with no
 * names gets the node's summary. Unknown names get an empty value, as a
 * server answers them, and are remembered for the tests to inspect.
 */
export function answerInfo(cluster: TestCluster, node: TestNode, body: Buffer): Buffer {
  const names = body
    .toString('utf8')
    .split('\n')
    .filter((n) => n !== '');
  const asked = names.length > 0 ? names : ['node', 'build', 'edition', 'version'];
  const lines = asked.map((name) => `${name}\t${value(cluster, node, name)}\n`);
  return Buffer.from(lines.join(''), 'utf8');
}

function value(cluster: TestCluster, node: TestNode, name: string): string {
  const [cmd, arg] = splitCommand(name);
  switch (cmd) {
    case 'node':
      return node.name;
    case 'build':
      return BUILD;
    case 'edition':
      return 'Aerospike Community Edition';
    case 'version':
      return `Aerospike Community Edition build ${BUILD}`;
    case 'features':
      return FEATURES;
    case 'partitions':
      return '4096';
    case 'cluster-name':
      return cluster.name;
    case 'partition-generation':
    case 'peers-generation':
    case 'rebalance-generation':
      return String(cluster.generation);
    case 'service-clear-std':
    case 'service':
      return `127.0.0.1:${node.port}`;
    case 'peers-clear-std':
    case 'peers-clear-alt':
      return peers(cluster, node);
    case 'replicas':
    case 'replicas-all':
      return cluster.namespaces.map((ns) => `${ns}:0,1,${cluster.ownedBitmap(node)}`).join(';');
    case 'namespaces':
      return cluster.namespaces.join(';');
    case 'statistics':
      return `cluster_size=${cluster.liveNodes().length};client_connections=${node.connections}`;
    case 'namespace':
      return namespaceStats(cluster, node, arg);
    case 'sindex-create':
      return createIndex(cluster.store, arg);
    case 'sindex':
      return indexStatus(cluster.store, arg);
    case 'latencies':
      return node.latencies.answer(cluster.namespaces, arg);
    default:
      node.unknownInfo.add(name);
      return '';
  }
}

/** `namespace/test` -> ['namespace', 'test'];  `sindex-create:ns=...` -> ['sindex-create', 'ns=...']. */
function splitCommand(name: string): [string, string] {
  const m = /^([^:/]+)[:/]?(.*)$/.exec(name);
  return m ? [m[1], m[2]] : [name, ''];
}

function peers(cluster: TestCluster, self: TestNode): string {
  const others = cluster.liveNodes().filter((n) => n !== self);
  const list = others.map((n) => `[${n.name},,[127.0.0.1:${n.port}]]`).join(',');
  return `${cluster.generation},,[${list}]`;
}

function namespaceStats(cluster: TestCluster, node: TestNode, ns: string): string {
  if (!cluster.store.has(ns)) return 'type=unknown';
  const c = node.counters.of(ns);
  const pairs = COUNTER_NAMES.map((k) => `${k}=${c[k]}`);
  const share = cluster.liveNodes().length || 1;
  pairs.push(`objects=${Math.round(cluster.store.count(ns) / share)}`);
  pairs.push(`data_used_bytes=${Math.round((cluster.store.bytes.get(ns) ?? 0) / share)}`);
  pairs.push('replication-factor=1');
  const { rx, tx } = cluster.migrations(node);
  pairs.push(`migrate_rx_partitions_remaining=${rx}`, `migrate_tx_partitions_remaining=${tx}`);
  pairs.push(`pending_quiesce=${node.quiesce !== 'no'}`, `effective_is_quiesced=${node.quiesce === 'effective'}`);
  return pairs.join(';');
}
