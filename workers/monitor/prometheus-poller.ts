import type { NodeCounters } from '../../app/metrics/node-stats';
import { parsePrometheus } from '../../app/metrics/prometheus';
import { applyPromMap, type PromMap } from '../../app/metrics/prom-map';
import { errorMessage } from '../../app/error-message';
import { notAnswering, READING_TIMEOUT_MS, stamped, type Poller } from './poller';

/** A scrape larger than this is no member's metrics page: cut off, with a warning. */
const MAX_SCRAPE_BYTES = 8 * 1024 * 1024;

/**
 * Reads each node's Prometheus endpoint every second and maps what it finds
 * through the server kind's mapping (app/metrics/prom-map.ts). An endpoint
 * that is slow or answers garbage is a warning (once per spell) and no
 * reading that second; one that refuses the connection (the member's JVM,
 * which carries the exporter, is gone) makes the node down. Never a lost run.
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
      return refused(err) ? notAnswering(id, id) : undefined;
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

async function scrape(url: string): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(READING_TIMEOUT_MS), redirect: 'error' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_SCRAPE_BYTES) throw new Error(`${length} bytes, more than a member's metrics (${MAX_SCRAPE_BYTES})`);
  const text = await res.text();
  if (text.length > MAX_SCRAPE_BYTES) throw new Error(`more than ${MAX_SCRAPE_BYTES} bytes, more than a member's metrics`);
  return text;
}
