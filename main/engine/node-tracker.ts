import type { NodeCounters, NodeSample } from '../../app/metrics/node-stats';
import { NodeSeconds } from '../../app/metrics/node-seconds';

/** A node that has not reported for this long has left the cluster view. */
export const NODE_STALE_MS = 3000;

interface Seen {
  latest: NodeCounters;
  /** When main last heard from the node (for staleness). */
  heardAt: number;
  /** The node's counts by run second, from t0 on (undefined before the run's t0 is known). */
  seconds?: NodeSeconds;
}

/**
 * Turns each node's cumulative counters, as they arrive, into what the node
 * did in each second of the run, on the same t0-aligned seconds as the
 * client's samples (app/metrics/node-seconds.ts), so the server-side and
 * client-side lines of a second describe the same second. Nodes appear when
 * they first report and disappear when they go quiet.
 */
export class NodeTracker {
  private readonly nodes = new Map<string, Seen>();
  private t0: number | undefined;

  /** The run's second 0 starts at t0; the readings so far are the baselines. */
  begin(t0: number): void {
    this.t0 = t0;
    for (const s of this.nodes.values()) s.seconds = this.secondsFrom(s.latest, t0, s.heardAt);
  }

  /** Readings stamped by their source (`at`); an unstamped one is taken as read on arrival. */
  update(readings: readonly NodeCounters[], arrivedAt: number): void {
    for (const c of readings) {
      const seen = this.nodes.get(c.id);
      if (seen?.seconds) seen.seconds.add(c.at ?? arrivedAt, c.counters);
      const seconds = seen?.seconds ?? (this.t0 === undefined ? undefined : this.secondsFrom(c, this.t0, arrivedAt));
      this.nodes.set(c.id, { latest: c, heardAt: arrivedAt, seconds });
    }
  }

  /** True when every node still reporting has a reading at or after `end`: its counts up to `end` are in. */
  covers(end: number, now: number): boolean {
    for (const s of this.nodes.values()) {
      if (now - s.heardAt > NODE_STALE_MS) continue;
      if ((s.seconds?.readAt ?? -Infinity) < end) return false;
    }
    return true;
  }

  /** Each recent node's counts in second k (with `last`, everything counted since, too). */
  take(k: number, now: number, last = false): NodeSample[] {
    const out: NodeSample[] = [];
    for (const [id, s] of this.nodes) {
      if (now - s.heardAt > NODE_STALE_MS) {
        this.nodes.delete(id);
        continue;
      }
      const rates = s.seconds?.take(k, last) ?? Object.fromEntries(Object.keys(s.latest.counters).map((key) => [key, 0]));
      out.push({ id, address: s.latest.address, rates, memory: s.latest.memory });
    }
    return out.sort((a, b) => a.id.localeCompare(b.id));
  }

  private secondsFrom(first: NodeCounters, t0: number, arrivedAt: number): NodeSeconds {
    const seconds = new NodeSeconds(t0);
    seconds.add(first.at ?? arrivedAt, first.counters);
    return seconds;
  }
}
