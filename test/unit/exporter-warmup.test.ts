import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EXPORTER_WARM_SCRAPES, warmExporters } from '../../workers/local/exporter-warmup';

const servers: Server[] = [];

/** An exporter stand-in: answers with `status(n)` to its n-th scrape (from 0), after `delayMs(n)`. */
async function exporter(
  status: (n: number) => number,
  delayMs: (n: number) => number = () => 0,
): Promise<{ url: string; scrapes: () => number }> {
  let n = 0;
  const server = createServer((_req, res) => {
    const i = n++;
    setTimeout(() => res.writeHead(status(i)).end('hazelcast_map_gets 1\n'), delayMs(i));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics#member`, scrapes: () => n };
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('warmExporters', () => {
  it('waits until every exporter has answered its warm-up scrapes, a slow first one included', async () => {
    const slow = await exporter(
      () => 200,
      (n) => (n === 0 ? 300 : 0),
    );
    const failingFirst = await exporter((n) => (n < 2 ? 503 : 200));
    const warnings: string[] = [];
    await warmExporters([slow.url, failingFirst.url], (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    expect(slow.scrapes()).toBe(EXPORTER_WARM_SCRAPES);
    // The two 503s do not count as answers.
    expect(failingFirst.scrapes()).toBe(EXPORTER_WARM_SCRAPES + 2);
  });

  it('names an exporter that never answers within the limit, and returns', async () => {
    const down = await exporter(() => 500);
    const warnings: string[] = [];
    await warmExporters([down.url], (m) => warnings.push(m), undefined, 600);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(down.url);
    expect(warnings[0]).toContain(`answered 0 of ${EXPORTER_WARM_SCRAPES}`);
  });

  it('stops waiting at once when the cluster gives up (a member exited), with its reason', async () => {
    const down = await exporter(() => 500);
    const warnings: string[] = [];
    await warmExporters(
      [down.url],
      (m) => warnings.push(m),
      () => 'member 1 exited with code 1',
    );
    expect(warnings).toEqual([`metrics ${down.url} answered 0 of ${EXPORTER_WARM_SCRAPES} warm-up scrapes: member 1 exited with code 1`]);
    expect(down.scrapes()).toBe(0);
  });
});
