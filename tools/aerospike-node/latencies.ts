/**
 * A node's read and write latency histograms as the server keeps them for
 * `latencies:` (server 5.1+), in microseconds (as with the server's
 * `microsecond-histograms` on): bucket 0 holds [0, 1) units and bucket k
 * [2^(k-1), 2^k). Every ticker interval the server compares the counts with
 * the previous dump and keeps, per histogram, the operations per second of
 * that interval and the share of them at or above 2^b units for 17 columns;
 * `latencies:` answers that string, and a histogram not yet dumped twice
 * answers its bare name. Nothing here is cumulative, as on a real server.
 */
const COLUMNS = 17;
const BUCKETS = COLUMNS + 1;
const PERCENT = 100;
const KINDS = ['read', 'write'] as const;
type Kind = (typeof KINDS)[number];

interface Histogram {
  counts: number[];
  /** Counts at the previous dump (undefined before the first). */
  previous?: number[];
  /** The last interval's answer, once there were two dumps. */
  line?: string;
}

export class Latencies {
  private readonly histograms = new Map<string, Histogram>();
  private lastDump = Date.now();

  /** One operation of `kind` in namespace `ns` that took `us` microseconds. */
  record(ns: string, kind: Kind, us: number): void {
    const h = this.histogram(`{${ns}}-${kind}`);
    const bucket = us < 1 ? 0 : Math.min(BUCKETS - 1, Math.floor(Math.log2(us)) + 1);
    h.counts[bucket]++;
  }

  /** The ticker: each histogram's interval since the previous dump. */
  dump(now = Date.now()): void {
    const seconds = Math.max(1e-3, (now - this.lastDump) / 1000);
    this.lastDump = now;
    for (const h of this.histograms.values()) {
      const before = h.previous;
      h.previous = [...h.counts];
      if (!before) continue;
      const delta = h.counts.map((c, i) => c - before[i]);
      const total = delta.reduce((a, b) => a + b, 0);
      const columns: string[] = [];
      let below = 0;
      for (let b = 0; b < COLUMNS; b++) {
        below += delta[b];
        columns.push(total > 0 ? (((total - below) * PERCENT) / total).toFixed(2) : '0.00');
      }
      h.line = `usec,${(total / seconds).toFixed(1)},${columns.join(',')}`;
    }
  }

  /** `latencies:` (every namespace's read and write) or `latencies:hist=NAME`. */
  answer(namespaces: readonly string[], arg: string): string {
    const names = namespaces.flatMap((ns) => KINDS.map((k) => `{${ns}}-${k}`));
    if (arg !== '') {
      const m = /^hist=(.+)$/.exec(arg);
      if (!m || !names.includes(m[1])) return 'ERROR:4:bad hist name';
      return this.entry(m[1]);
    }
    return ['batch-index:', ...names.map((n) => this.entry(n))].join(';');
  }

  /** Counts start again, as after a restart. */
  reset(): void {
    this.histograms.clear();
  }

  private entry(name: string): string {
    const line = this.histograms.get(name)?.line;
    return line ? `${name}:${line}` : `${name}:`;
  }

  private histogram(name: string): Histogram {
    let h = this.histograms.get(name);
    if (!h) this.histograms.set(name, (h = { counts: new Array<number>(BUCKETS).fill(0) }));
    return h;
  }
}
