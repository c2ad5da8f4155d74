/** Length of one sample: the run is counted in seconds from t0. */
const SECOND_MS = 1000;

export type Counts = Record<string, number>;

/**
 * What one node counted, second by second of the run. A reading gives
 * cumulative counters at a time; what the node counted between two readings
 * is spread over the seconds that interval covers, in proportion to the time
 * it spends in each (a steady load is taken as steady between readings), so
 * a reading a few milliseconds either side of a second's edge moves a few
 * milliseconds' worth of operations, never a whole second's. Counts stay
 * whole numbers and add up exactly to what the node counted: nothing is lost
 * or made up, whatever the readings' timing. Time before t0 counts in
 * second 0 (the first interval reaches back to the baseline reading).
 * A counter the node did not report in its first reading started at 0 when
 * it first appears: a Hazelcast IMap's statistics exist from the map's
 * creation (by the run's clients), a latency bucket from its first
 * operation. One missing from a single reading keeps its last value, so it
 * cannot count twice when it is back.
 */
export class NodeSeconds {
  private prev: { at: number; counters: Counts } | undefined;
  private readonly bySecond = new Map<number, Counts>();

  constructor(private readonly t0: number) {}

  /** A reading at `at` (epoch ms); one older than the last is ignored (messages can cross). */
  add(at: number, counters: Counts): void {
    const prev = this.prev;
    if (prev && at < prev.at) return;
    if (!prev) return void (this.prev = { at, counters: { ...counters } });
    for (const [key, value] of Object.entries(counters)) {
      const before = prev.counters[key] ?? 0;
      // A counter that went down means the node restarted: it counted `value` since.
      const delta = value >= before ? value - before : value;
      if (delta > 0) this.spread(key, delta, prev.at, at);
      // In place (the first reading was copied): no new object of every counter per node per second.
      prev.counters[key] = value;
    }
    prev.at = at;
  }

  /** The time of the newest reading, or undefined before the first. */
  get readAt(): number | undefined {
    return this.prev?.at;
  }

  /**
   * The counts of second k and of any earlier second not yet taken (a reading
   * that came late); with `last`, of every later second too, so the run's
   * final sample holds everything counted up to the final reading.
   */
  take(k: number, last = false): Counts {
    const out: Counts = {};
    for (const key of this.prev ? Object.keys(this.prev.counters) : []) out[key] = 0;
    for (const [second, counts] of [...this.bySecond]) {
      if (second > k && !last) continue;
      for (const [key, n] of Object.entries(counts)) out[key] = (out[key] ?? 0) + n;
      this.bySecond.delete(second);
    }
    return out;
  }

  private spread(key: string, delta: number, from: number, to: number): void {
    const start = Math.max(0, Math.floor((from - this.t0) / SECOND_MS));
    const end = Math.max(0, Math.floor((to - this.t0) / SECOND_MS));
    const span = to - from;
    let given = 0;
    for (let s = start; s <= end; s++) {
      const upTo = s === end ? to : Math.max(from, this.t0 + (s + 1) * SECOND_MS);
      // Whole operations: each second gets the rounded cumulative share minus what earlier seconds got.
      const share = s === end || span <= 0 ? delta : Math.round((delta * (upTo - from)) / span);
      const n = share - given;
      given = share;
      if (n === 0) continue;
      const counts = this.bySecond.get(s) ?? {};
      counts[key] = (counts[key] ?? 0) + n;
      this.bySecond.set(s, counts);
    }
  }
}
