import { TestCluster, type ClusterOptions } from './cluster';
import type { Fault } from './node';

/**
 * The test node as its own process (the real client's first connect blocks
 * its thread, so client and node cannot share one). Started with an IPC
 * channel by the tests, or from a shell:
 *   node dist/tools/aerospike-node/main.js [--nodes N] [--ports P1,P2] [--users U1,U2] [--ticker-ms MS] [--migrate-ms MS]
 * It prints one JSON line `{"hosts": ..., "ports": [...]}` when it listens.
 * Over IPC it takes `{id, cmd: 'stop'|'start'|'quiesce', node}`, `{id, cmd: 'fault', node, fault}`
 * and `{id, cmd: 'info'}` and answers `{id, ok, data?, error?}`.
 */
export interface Command {
  id: number;
  cmd: 'stop' | 'start' | 'quiesce' | 'fault' | 'info';
  node?: number;
  fault?: Fault;
}

function options(argv: string[]): ClusterOptions {
  const o: ClusterOptions = {};
  for (let i = 0; i < argv.length; i += 2) {
    const v = argv[i + 1] ?? '';
    if (argv[i] === '--nodes') o.nodes = Number(v);
    else if (argv[i] === '--ports') o.ports = v.split(',').map(Number);
    else if (argv[i] === '--users') o.users = v.split(',');
    else if (argv[i] === '--namespaces') o.namespaces = v.split(',');
    else if (argv[i] === '--ticker-ms') o.tickerMs = Number(v);
    else if (argv[i] === '--migrate-ms') o.migrateMs = Number(v);
    else throw new Error(`unknown option ${argv[i]}`);
  }
  return o;
}

async function run(c: TestCluster, m: Command): Promise<unknown> {
  const node = m.node === undefined ? undefined : c.nodes[m.node];
  if (m.cmd !== 'info' && !node) throw new Error(`no node ${m.node}`);
  switch (m.cmd) {
    case 'stop':
      return c.stopNode(m.node!);
    case 'start':
      return c.startNode(m.node!);
    case 'quiesce':
      return c.quiesce(m.node!);
    case 'fault':
      node!.fault = m.fault ?? 'none';
      return undefined;
    case 'info':
      return c.nodes.map((n) => ({
        name: n.name,
        port: n.port,
        up: n.up,
        unknownInfo: [...n.unknownInfo],
        counters: n.counters.of('test'),
      }));
  }
}

async function main(): Promise<void> {
  const cluster = await TestCluster.start(options(process.argv.slice(2)));
  const stop = (): void => void cluster.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Forked by a test that has gone away: nothing will ever stop this process.
  process.on('disconnect', stop);
  process.on('message', (m: Command) => {
    run(cluster, m).then(
      (data) => process.send?.({ id: m.id, ok: true, data }),
      (err: Error) => process.send?.({ id: m.id, ok: false, error: err.message }),
    );
  });
  process.stdout.write(`${JSON.stringify({ hosts: cluster.hosts, ports: cluster.nodes.map((n) => n.port) })}\n`);
}

main().catch((err: Error) => {
  process.stderr.write(`aerospike test node: ${err.message}\n`);
  process.exit(1);
});
