import { afterEach, describe, expect, it } from 'vitest';
import { parseClusterNodes } from '../../app/metrics/redis-cluster-nodes';
import { ExtraMasters } from '../../workers/monitor/redis-extra-masters';

const line = (address: string, flags = 'master') => `id-${address} ${address}@1 ${flags} - 0 0 1 connected`;
const addresses = (m: ExtraMasters) => m.all().map((c) => `${c.options.host}:${c.options.port}`);

describe('the masters a cluster lists that its client does not route to', () => {
  let masters: ExtraMasters;
  afterEach(() => masters.close());

  it('are read through connections of their own while another master lists them; none for itself, failed or routed ones', () => {
    masters = new ExtraMasters({ lazyConnect: true }, 100);
    const views = parseClusterNodes(
      [
        line('127.0.0.1:7001', 'myself,master'),
        line('127.0.0.1:7002'),
        line('127.0.0.1:7003', 'master,fail'),
        line('127.0.0.1:7004', 'slave'),
        line('127.0.0.1:7005', 'handshake'),
        line(':7006', 'master,noaddr'),
      ].join('\n'),
    );
    expect(masters.sync(views, new Set(['127.0.0.1:7002'])).length).toBe(1);
    expect(addresses(masters)).toEqual(['127.0.0.1:7005']);
    // No longer listed: dropped.
    masters.sync([], new Set());
    expect(masters.all()).toEqual([]);
  });

  it('are never more than a bound, and only at a real port, whatever a server answers', () => {
    masters = new ExtraMasters({ lazyConnect: true }, 100);
    const many = Array.from({ length: 200 }, (_, i) => line(`10.0.0.${i % 250}:${7000 + i}`));
    expect(masters.sync(parseClusterNodes([...many, line('127.0.0.1:0'), line('127.0.0.1:99999')].join('\n')), new Set()).length).toBe(64);
    masters.close();
    expect(masters.sync(parseClusterNodes([line('127.0.0.1:0'), line('127.0.0.1:99999'), line('host:x')].join('\n')), new Set())).toEqual(
      [],
    );
  });
});
