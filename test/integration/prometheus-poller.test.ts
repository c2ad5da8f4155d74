import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrometheusPoller } from '../../workers/monitor/prometheus-poller';
import { HAZELCAST_PROM_MAP } from '../../app/metrics/prom-maps';
import { freePort } from '../../workers/local/free-port';
import { READING_TIMEOUT_MS } from '../../workers/monitor/poller';

/** Longer than a second's reading may take. */
const SLOW_MS = READING_TIMEOUT_MS * 2.5;

describe("a member's metrics endpoint that misbehaves", () => {
  let server: Server;
  let base = '';
  const pending = new Set<NodeJS.Timeout>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/good') return res.end('hazelcast_imap_localgetoperationcount{map="kvscope"} 12\n');
      if (req.url === '/garbage') return res.end('<html>not metrics</html>\n\u0000\u0001');
      if (req.url === '/error') return void res.writeHead(500).end('boom');
      const t = setTimeout(() => res.end('late'), SLOW_MS);
      pending.add(t);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    for (const t of pending) clearTimeout(t);
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('is a warning and no reading when slow, failing or garbage; down when nothing listens; the others read on', async () => {
    const closed = await freePort('127.0.0.1');
    const urls = [`${base}/good#m1`, `${base}/slow#m2`, `${base}/garbage#m3`, `${base}/error#m4`, `http://127.0.0.1:${closed}/metrics#m5`];
    const logs: string[] = [];
    const poller = new PrometheusPoller(urls, HAZELCAST_PROM_MAP, { map: 'kvscope' }, (level, m) => logs.push(`${level}: ${m}`));
    const t0 = Date.now();
    const nodes = await poller.poll();
    expect(Date.now() - t0).toBeLessThan(SLOW_MS);
    expect(nodes.map((n) => [n.id, n.down ?? false])).toEqual([
      ['m1', false],
      ['m5', true],
    ]);
    expect(nodes[0].counters).toMatchObject({ 'read.success': 12, 'latency.read.n': 12 });
    expect(logs).toHaveLength(4);
    expect(logs.join('\n')).toMatch(/warn: metrics .*\/slow#m2: .*(timeout|aborted)/i);
    expect(logs.join('\n')).toMatch(/warn: metrics .*\/garbage#m3: none of the mapped metrics found/);
    expect(logs.join('\n')).toMatch(/warn: metrics .*\/error#m4: HTTP 500/);
    // Said once per spell: a second poll adds no warning.
    await poller.poll();
    expect(logs).toHaveLength(4);
  });
});
