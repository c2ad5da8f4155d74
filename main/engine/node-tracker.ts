import type { NodeCounters, NodeSample } from '../../app/metrics/node-stats';
import { NodeSeconds } from '../../app/metrics/node-seconds';

/** A node that has not reported for this long has left the cluster view. */
export const NODE_STALE_MS = 3000;
/**
 * A node its monitor reaches but cannot read (a member's JMX exporter past
 * its reading's limit while the load starts on a busy machine, seen for a few
 * seconds) stays as it was; one that has given no reading for this long is
 * shown down, since nothing it counted can be shown any more.
 */
export const NODE_QUIET_DOWN_MS = 10_000;
const SECOND_MS = 1000;

interface Seen {
  /** The newest reading with counters. */
  latest: NodeCounters;
  /** First heard after the run began, and not yet in a sample or still filling since. */
  joining: boolean;
  /** In some sample of the run already. */
  shown?: boolean;
  /** When main last heard from the node (for staleness). */
  heardAt: number;
  /** When the node first failed to answer since its last good reading (epoch ms). */
  downSince?: number;
  /** Why it is down, where its monitor knows more than that it did not answer. */
  downNote?: string;
  /** When its monitor first could not read it since its last good reading (epoch ms), and why. */
  quietSince?: number;
  quietNote?: string;
  /** The node's counts by run second, from t0 on (undefined before the run's t0 is known). */
  seconds?: NodeSeconds;
}

/**
 * Turns each node's cumulative counters, as they arrive, into what the node
 * did in each second of the run, on the same t0-aligned seconds as the
 * client's samples (app/metrics/node-seconds.ts), so the server-side and
 * client-side lines of a second describe the same second. Nodes appear when
 * they first report. A node is down from the second its monitor found it not
 * answering or its cluster failed it (or, if it simply stopped being listed,
 * once silent for NODE_STALE_MS; or, read by nobody though still reached,
 * once quiet for NODE_QUIET_DOWN_MS), and stays in the samples as down until it
 * answers again, with what it counted meanwhile. Joining and leaving are the
 * cluster's word where its monitor has one; a node new in the run joins until
 * no data moves into it any more.
 */
export class NodeTracker {
  private readonly nodes = new Map<string, Seen>();
  /**
   * Nodes no longer listed by their monitor during the run: shown as down
   * until they report again, and then go on from their counts so far.
   */
  private readonly gone = new Map<string, { shown: NodeSample; seconds?: NodeSeconds }>();
  /** Some node has been in a sample of the run. */
  private sampled = false;
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
      const at = c.at ?? arrivedAt;
      if (c.quiet) {
        // Heard of, not read: not stale, and its counts come with its next reading.
        if (seen) Object.assign(seen, { heardAt: arrivedAt, quietSince: seen.quietSince ?? at, quietNote: c.note });
        continue;
      }
      if (c.down) {
        // A node never seen answering has no counts to show: it appears once it answers.
        if (seen) this.nodes.set(c.id, { ...seen, heardAt: arrivedAt, downSince: seen.downSince ?? at, downNote: c.note });
        continue;
      }
      // A node silent for a while (its metrics endpoint too slow to answer, say) still did its operations meanwhile.
      const lapsed = this.gone.get(c.id);
      const kept = seen?.seconds ?? lapsed?.seconds;
      kept?.add(at, c.counters);
      const seconds = kept ?? (this.t0 === undefined ? undefined : this.secondsFrom(c, this.t0, arrivedAt));
      // Joining: new to a cluster whose other nodes were already in a sample (a slow monitor's first reading is no join).
      const joining = seen ? seen.joining : this.sampled && lapsed === undefined;
      this.gone.delete(c.id);
      this.nodes.set(c.id, { latest: c, heardAt: arrivedAt, seconds, joining, shown: seen?.shown });
    }
  }

  /** True when every node up and reporting has a reading at or after `end`: its counts up to `end` are in. */
  covers(end: number, now: number): boolean {
    for (const s of this.nodes.values()) {
      if (now - s.heardAt > NODE_STALE_MS || s.downSince !== undefined || s.quietSince !== undefined) continue;
      if ((s.seconds?.readAt ?? -Infinity) < end) return false;
    }
    return true;
  }

  /** Each node's counts in second k (with `last`, everything counted since, too); a node not answering as down. */
  take(k: number, now: number, last = false): NodeSample[] {
    const out: NodeSample[] = [];
    for (const [id, s] of this.nodes) {
      // Built only where needed: a cluster's nodes carry dozens of counters each (latency buckets), every second.
      const zero = (): Record<string, number> => Object.fromEntries(Object.keys(s.latest.counters).map((key) => [key, 0]));
      if (now - s.heardAt > NODE_STALE_MS) {
        this.nodes.delete(id);
        // Before the run began a node that went away is simply gone; during it, the loss is part of what the run saw.
        if (this.t0 !== undefined)
          this.gone.set(id, { shown: { id, address: s.latest.address, rates: zero(), state: 'down' }, seconds: s.seconds });
        continue;
      }
      if (s.quietSince !== undefined && s.downSince === undefined && now - s.quietSince > NODE_QUIET_DOWN_MS) {
        s.downSince = s.quietSince + NODE_QUIET_DOWN_MS;
        s.downNote = `no reading for ${NODE_QUIET_DOWN_MS / SECOND_MS} s (${s.quietNote ?? 'its monitor could not read it'})`;
      }
      const counted = s.seconds?.take(k, last) ?? zero();
      const rates = s.latest.gauges ? { ...counted, ...s.latest.gauges } : counted;
      const secondEnd = this.t0 === undefined ? Infinity : this.t0 + (k + 1) * SECOND_MS;
      if (s.downSince !== undefined && s.downSince < secondEnd) {
        out.push({ id, address: s.latest.address, rates, state: 'down', ...(s.downNote ? { note: s.downNote } : {}) });
        continue;
      }
      const { memory, rss, member, filling } = s.latest;
      const note = s.quietSince !== undefined ? (s.quietNote ?? 'no reading') : s.latest.note;
      // The cluster's own word first; else a newcomer joins until no data moves into it any more.
      s.joining &&= !s.shown || filling === true;
      const state = member ?? (s.joining ? 'joining' : undefined);
      out.push({
        id,
        address: s.latest.address,
        rates,
        memory,
        ...(rss !== undefined ? { rss } : {}),
        ...(state ? { state } : {}),
        ...(note ? { note } : {}),
      });
      s.shown = true;
      if (this.t0 !== undefined) this.sampled = true;
    }
    for (const g of this.gone.values()) out.push(g.shown);
    return out.sort((a, b) => a.id.localeCompare(b.id));
  }

  private secondsFrom(first: NodeCounters, t0: number, arrivedAt: number): NodeSeconds {
    const seconds = new NodeSeconds(t0);
    seconds.add(first.at ?? arrivedAt, first.counters);
    return seconds;
  }
}
