import Aerospike, { type Client } from 'aerospike';
import { aerospikeCounters, infoAnswers, parseInfoPairs } from '../../app/metrics/aerospike-counters';
import { aerospikeLatencyRates } from '../../app/metrics/aerospike-latencies';
import { aerospikeMembership } from '../../app/metrics/aerospike-membership';
import type { NodeCounters } from '../../app/metrics/node-stats';
import { clientConfig, connectError, describeError, type AerospikeSettings } from '../load/drivers/aerospike/config';
import { notAnswering, READING_TIMEOUT_MS, stamped, unread, withTimeout, type Poller } from './poller';

/** The info name of a node's latency histograms (Aerospike 5.1+). */
const LATENCIES = 'latencies:';

/**
 * Reads every node's namespace counters. The node list is the client's own
 * view of the cluster, so nodes that join or leave mid-run appear and
 * disappear from one poll to the next.
 */
export class AerospikePoller implements Poller {
  private client: Client | undefined;
  /** Nodes whose last poll failed, so each failure is logged once until the node answers again. */
  private readonly failing = new Set<string>();
  /** The info name of the namespace's statistics. */
  private readonly statsName: string;

  constructor(
    private readonly t: AerospikeSettings,
    private readonly log: (level: 'info' | 'warn', message: string) => void,
  ) {
    this.statsName = `namespace/${t.namespace}`;
  }

  async connect(): Promise<void> {
    try {
      this.client = await Aerospike.connect(clientConfig(this.t));
    } catch (err) {
      throw connectError(this.t, err);
    }
  }

  async poll(): Promise<NodeCounters[]> {
    const client = this.client;
    if (!client) return [];
    const nodes = client.getNodes();
    const read = await Promise.all(
      nodes.map(async (node): Promise<NodeCounters | undefined> => {
        try {
          let answer: { value: string; at: number };
          try {
            // Both names in one request (a node answers one line per name): one round trip a node a second, not two.
            // The client's own timeout, and a race beside it: a reading that never settled would stop every later one.
            answer = await stamped(() =>
              withTimeout(client.infoNode(`${this.statsName}\n${LATENCIES}`, node, { timeout: READING_TIMEOUT_MS }), READING_TIMEOUT_MS),
            );
          } catch (err) {
            this.warnOnce(node, err);
            return notAnswering(node.name, node.address);
          }
          const { value, at } = answer;
          const answers = infoAnswers(value);
          // Parsed once for the counters and the membership: a server's namespace statistics are a few hundred pairs.
          const info = parseInfoPairs(answers.get(this.statsName) ?? '');
          const c = aerospikeCounters(info);
          // It answered, without the namespace's statistics: no counts, but not down.
          if (!c) throw new Error(`no counters for namespace ${this.t.namespace}`);
          if (this.failing.delete(node.name)) this.log('info', `node ${node.name} answers statistics again`);
          // Before 5.1 a server has no latencies: command and answers an empty value: no server latency, counts only.
          const gauges = aerospikeLatencyRates(answers.get(LATENCIES) ?? '', this.t.namespace);
          return {
            id: node.name,
            address: node.address,
            ...c,
            ...aerospikeMembership(info),
            at,
            ...(Object.keys(gauges).length ? { gauges } : {}),
          };
        } catch (err) {
          // It answered, but not with what can be read: kept as it was, saying why.
          this.warnOnce(node, err);
          return unread(node.name, node.address, describeError(err, this.t.password));
        }
      }),
    );
    return read.filter((n): n is NodeCounters => n !== undefined);
  }

  /** Said once per spell of failures; the 'answers again' line ends it. */
  private warnOnce(node: { name: string; address: string }, err: unknown): void {
    if (!this.failing.has(node.name))
      this.log('warn', `node ${node.name} (${node.address}): statistics unavailable: ${describeError(err, this.t.password)}`);
    this.failing.add(node.name);
  }

  close(): void {
    this.client?.close();
    this.client = undefined;
  }
}
