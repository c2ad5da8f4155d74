import { counterRates, type NodeCounters, type NodeSample } from '../app/metrics/node-stats';

/** A node that has not reported for this long has left the cluster view. */
export const NODE_STALE_MS = 3000;

interface Seen {
  counters: NodeCounters;
  at: number;
  rates: Record<string, number>;
}

/**
 * Turns cumulative per-node counters, as they arrive, into per-second rates.
 * Nodes appear when they first report and disappear when they go quiet.
 */
export class NodeTracker {
  private readonly nodes = new Map<string, Seen>();

  update(readings: readonly NodeCounters[], at: number): void {
    for (const c of readings) {
      const prev = this.nodes.get(c.id);
      const seconds = prev ? (at - prev.at) / 1000 : 1;
      this.nodes.set(c.id, { counters: c, at, rates: counterRates(prev?.counters.counters, c.counters, seconds) });
    }
  }

  /** The latest rates of every node seen recently. */
  snapshot(now: number): NodeSample[] {
    const out: NodeSample[] = [];
    for (const [id, s] of this.nodes) {
      if (now - s.at > NODE_STALE_MS) {
        this.nodes.delete(id);
        continue;
      }
      out.push({ id, address: s.counters.address, rates: s.rates, memory: s.counters.memory });
    }
    return out.sort((a, b) => a.id.localeCompare(b.id));
  }
}
