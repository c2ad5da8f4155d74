import { counterRates, type NodeCounters, type NodeSample } from '../../app/metrics/node-stats';

/** A node that has not reported for this long has left the cluster view. */
export const NODE_STALE_MS = 3000;

interface Seen {
  latest: NodeCounters;
  at: number;
  /** The counters as of the previous snapshot (or the first reading). */
  base: Record<string, number>;
}

/**
 * Turns cumulative per-node counters, as they arrive, into what each node
 * did in each one-second sample: the counts since the previous snapshot.
 * Nodes report on their own clocks, so a reading can land on either side of
 * a sample's edge; counting deltas between snapshots (rather than repeating
 * the latest rate) makes the per-node series add up exactly to what the
 * nodes counted. Nodes appear when they first report and disappear when
 * they go quiet.
 */
export class NodeTracker {
  private readonly nodes = new Map<string, Seen>();

  update(readings: readonly NodeCounters[], at: number): void {
    for (const c of readings) {
      const prev = this.nodes.get(c.id);
      this.nodes.set(c.id, { latest: c, at, base: prev ? prev.base : { ...c.counters } });
    }
  }

  /** Each recent node's counts since the previous snapshot (per second, as snapshots are a second apart). */
  snapshot(now: number): NodeSample[] {
    const out: NodeSample[] = [];
    for (const [id, s] of this.nodes) {
      if (now - s.at > NODE_STALE_MS) {
        this.nodes.delete(id);
        continue;
      }
      const rates = counterRates(s.base, s.latest.counters, 1);
      s.base = { ...s.latest.counters };
      out.push({ id, address: s.latest.address, rates, memory: s.latest.memory });
    }
    return out.sort((a, b) => a.id.localeCompare(b.id));
  }
}
