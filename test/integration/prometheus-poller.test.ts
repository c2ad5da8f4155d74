import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrometheusPoller } from '../../workers/monitor/prometheus-poller';
import { scrape } from '../../workers/monitor/scrape';
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

  it('is a warning and a quiet reading saying why when slow, failing or garbage; down when nothing listens; the others read on', async () => {
    const closed = await freePort('127.0.0.1');
    const urls = [`${base}/good#m1`, `${base}/slow#m2`, `${base}/garbage#m3`, `${base}/error#m4`, `http://127.0.0.1:${closed}/metrics#m5`];
    const logs: string[] = [];
    const poller = new PrometheusPoller(urls, HAZELCAST_PROM_MAP, { map: 'kvscope' }, (level, m) => logs.push(`${level}: ${m}`));
    const t0 = Date.now();
    const nodes = await poller.poll();
    expect(Date.now() - t0).toBeLessThan(SLOW_MS);
    expect(nodes.map((n) => [n.id, n.down ?? false, n.quiet ?? false])).toEqual([
      ['m1', false, false],
      ['m2', false, true],
      ['m3', false, true],
      ['m4', false, true],
      ['m5', true, false],
    ]);
    expect(nodes.map((n) => n.note)).toEqual([
      undefined,
      `metrics: no answer within ${READING_TIMEOUT_MS} ms`,
      expect.stringMatching(/^metrics: none of the mapped metrics found/),
      'metrics: HTTP 500',
      undefined,
    ]);
    for (const quiet of nodes.slice(1, 4)) expect(quiet.counters).toEqual({});
    expect(nodes[0].counters).toMatchObject({ 'read.success': 12, 'latency.read.n': 12 });
    expect(logs).toHaveLength(4);
    expect(logs.join('\n')).toMatch(/warn: metrics .*\/slow#m2: no answer within \d+ ms/);
    expect(logs.join('\n')).toMatch(/warn: metrics .*\/garbage#m3: none of the mapped metrics found/);
    expect(logs.join('\n')).toMatch(/warn: metrics .*\/error#m4: HTTP 500/);
    // Said once per spell: a second poll adds no warning.
    await poller.poll();
    expect(logs).toHaveLength(4);
  });
});

describe('a scrape', () => {
  /** A metrics page as an exporter sends it to fetch (which asks for gzip): half at once, the rest a little later. */
  const SPLIT_MS = 20;
  const LIMITS_MS = Array.from({ length: 60 }, (_, i) => 1 + (i % 30));
  /** Far past any limit above: a scrape still pending then would never settle. */
  const SETTLED_WITHIN_MS = 1500;
  let server: Server;
  let url = '';
  beforeAll(async () => {
    const body = gzipSync(Buffer.from('hazelcast_imap_localgetoperationcount{map="kvscope"} 12\n'.repeat(5000)));
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' });
      res.write(body.subarray(0, body.length >> 1));
      setTimeout(() => res.end(body.subarray(body.length >> 1)), SPLIT_MS);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/metrics`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('settles within its limit however the limit falls on the body, where an aborted fetch alone can stay pending for good', async () => {
    // An abort landing as the gzip body completes left fetch pending in about 1 scrape in 12 (Node 20, the JMX exporter too).
    const pending: number[] = [];
    for (const limit of LIMITS_MS) {
      const settled = await Promise.race([
        scrape(url, limit).then(
          () => true,
          () => true,
        ),
        new Promise<false>((r) => setTimeout(() => r(false), SETTLED_WITHIN_MS)),
      ]);
      if (!settled) pending.push(limit);
    }
    expect(pending, 'limits (ms) whose scrape never settled').toEqual([]);
  });
});
