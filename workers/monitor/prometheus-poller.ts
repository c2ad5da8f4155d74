import type { NodeCounters } from '../../app/metrics/node-stats';
import { parsePrometheus } from '../../app/metrics/prometheus';
import { applyPromMap, type PromMap } from '../../app/metrics/prom-map';
import { errorMessage } from '../../app/error-message';
import { notAnswering, stamped, unread, type Poller } from './poller';
import { scrape } from './scrape';

/**
 * Reads each node's Prometheus endpoint every second and maps what it finds
 * through the server kind's mapping (app/metrics/prom-map.ts). An endpoint
 * that is slow or answers garbage is a warning (once per spell) and a quiet
 * reading that second (main keeps the node as it was); one that refuses the
 * connection (the member's JVM, which carries the exporter, is gone) makes
 * the node down. Never a lost run.
 */
export class PrometheusPoller implements Poller {
  private readonly failing = new Set<string>();

  constructor(
    private readonly urls: readonly string[],
    private readonly map: PromMap,
    private readonly vars: Readonly<Record<string, string>>,
    private readonly log: (level: 'info' | 'warn', message: string) => void,
  ) {}

  async connect(): Promise<void> {
    // Nothing to hold open: every reading is one HTTP request.
  }

  async poll(): Promise<NodeCounters[]> {
    const read = await Promise.all(this.urls.map((url) => this.read(url)));
    return read.filter((n): n is NodeCounters => n !== undefined);
  }

  close(): void {
    // No connections kept between readings.
  }

  private async read(url: string): Promise<NodeCounters | undefined> {
    const id = nodeName(url);
    try {
      const { value: text, at } = await stamped(() => scrape(url));
      const { samples, skipped } = parsePrometheus(text);
      const mapped = applyPromMap(this.map, samples, this.vars);
      if (!mapped) throw new Error(`none of the mapped metrics found (${samples.length} samples, ${skipped} lines not understood)`);
      if (this.failing.delete(url)) this.log('info', `metrics ${url} answer again`);
      return { id, address: id, ...mapped, at };
    } catch (err) {
      if (!this.failing.has(url)) this.log('warn', `metrics ${url}: ${errorMessage(err)}`);
      this.failing.add(url);
      return refused(err) ? notAnswering(id, id) : unread(id, id, `metrics: ${errorMessage(err)}`);
    }
  }
}

/** The node an endpoint stands for: the URL's #fragment if it has one (e.g. the member's address), else its host:port. */
export function nodeName(url: string): string {
  const u = new URL(url);
  const named = decodeURIComponent(u.hash.slice(1)).trim();
  return /^[\w.:[\]-]{1,100}$/.test(named) ? named : u.host;
}

/** Nothing listens there any more (fetch reports the socket's error as its cause). */
function refused(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } } | null)?.cause;
  return cause?.code === 'ECONNREFUSED' || cause?.code === 'ECONNRESET';
}
