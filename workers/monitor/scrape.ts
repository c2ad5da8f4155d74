import { READING_TIMEOUT_MS, withTimeout } from './poller';

/** A scrape larger than this is no member's metrics page: cut off, with a warning. */
const MAX_SCRAPE_BYTES = 8 * 1024 * 1024;

/**
 * One whole metrics page, settled within `limitMs` (a second's reading
 * by default) whatever the endpoint does. The limit is a race, not only the
 * fetch's signal: an abort landing as a gzip body completes can leave fetch's
 * promise pending for good (seen against the JMX exporter; cf. nodejs/node#56917),
 * and with it the monitor's every later second. The abort then frees the socket.
 */
export function scrape(url: string, limitMs = READING_TIMEOUT_MS): Promise<string> {
  const abort = new AbortController();
  return withTimeout(fetchText(url, abort.signal), limitMs).finally(() => abort.abort());
}

async function fetchText(url: string, signal: AbortSignal): Promise<string> {
  const res = await fetch(url, { signal, redirect: 'error' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_SCRAPE_BYTES) throw new Error(`${length} bytes, more than a member's metrics (${MAX_SCRAPE_BYTES})`);
  const text = await res.text();
  if (text.length > MAX_SCRAPE_BYTES) throw new Error(`more than ${MAX_SCRAPE_BYTES} bytes, more than a member's metrics`);
  return text;
}
