import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { describe, expect, it } from 'vitest';
import { useRedisServer } from '../helpers/redis';
import { parseScenario } from '../../app/scenario/schema';
import { RedisPoller } from '../../workers/monitor/redis-poller';
import type { RedisSettings } from '../../app/scenario/redis-target';

const POLLS = 5;

function settings(port: number): RedisSettings {
  const t = parseScenario({ target: { kind: 'redis', host: '127.0.0.1', port, localCluster: 0 } }).target;
  if (t.kind !== 'redis') throw new Error('not a redis target');
  return t;
}

async function infoCalls(client: Redis): Promise<number> {
  const text = await client.info('commandstats');
  return Number(/cmdstat_info:calls=(\d+)/.exec(text)?.[1] ?? 0);
}

/**
 * A server that answers like Redis before 7: INFO takes at most one section
 * (more is a syntax error), no LATENCY HISTOGRAM. It records each INFO's
 * arguments.
 */
function oldRedis(infos: string[][]): Promise<Server> {
  const sections: Record<string, string> = {
    commandstats: '# Commandstats\r\ncmdstat_get:calls=10,usec=20,usec_per_call=2.00\r\ncmdstat_set:calls=4,usec=8,usec_per_call=2.00\r\n',
    stats: '# Stats\r\nkeyspace_misses:3\r\n',
    memory: '# Memory\r\nused_memory:123456\r\nused_memory_rss:234567\r\n',
  };
  const bulk = (s: string): string => `$${Buffer.byteLength(s)}\r\n${s}\r\n`;
  const answer = (args: string[]): string => {
    const [cmd, ...rest] = args;
    if (cmd.toUpperCase() !== 'INFO') return cmd.toUpperCase() === 'LATENCY' ? '-ERR unknown command\r\n' : '+OK\r\n';
    infos.push(rest);
    if (rest.length > 1) return '-ERR syntax error\r\n';
    return bulk(rest.length === 0 ? '# Persistence\r\nloading:0\r\n' : (sections[rest[0].toLowerCase()] ?? ''));
  };
  const server = createServer((socket: Socket) => {
    let buf = '';
    socket.setEncoding('utf8').on('data', (d: string) => {
      buf += d;
      // Whole commands only: *N then N bulk strings.
      for (;;) {
        const m = /^\*(\d+)\r\n/.exec(buf);
        if (!m) return;
        let at = m[0].length;
        const args: string[] = [];
        for (let i = 0; i < Number(m[1]); i++) {
          const len = /^\$(\d+)\r\n/.exec(buf.slice(at));
          if (!len || buf.length < at + len[0].length + Number(len[1]) + 2) return;
          at += len[0].length;
          args.push(buf.slice(at, at + Number(len[1])));
          at += Number(len[1]) + 2;
        }
        buf = buf.slice(at);
        socket.write(answer(args));
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('the Redis monitor reads INFO in as few commands as the server allows', () => {
  const redis = useRedisServer();

  it('asks Redis 7 for its three sections in one INFO a second', async () => {
    const poller = new RedisPoller(settings(redis().port), () => undefined);
    const probe = new Redis({ host: '127.0.0.1', port: redis().port });
    try {
      await poller.connect();
      await probe.set('k', 'v');
      await probe.get('k');
      const before = await infoCalls(probe);
      let last;
      for (let i = 0; i < POLLS; i++) last = await poller.poll();
      // The polls, and the probe's own INFO before them.
      expect((await infoCalls(probe)) - before).toBe(POLLS + 1);
      const node = last![0];
      expect(node.down).toBeUndefined();
      expect(node.counters['read.success']).toBeGreaterThanOrEqual(1);
      expect(node.counters['write.success']).toBeGreaterThanOrEqual(1);
      expect(node.memory).toBeGreaterThan(0);
      expect(node.rss).toBeGreaterThan(0);
    } finally {
      poller.close();
      probe.disconnect();
    }
  });

  it('falls back to one section per INFO on a server that refuses several, asking the combined form once', async () => {
    const infos: string[][] = [];
    const server = await oldRedis(infos);
    const poller = new RedisPoller(settings((server.address() as AddressInfo).port), () => undefined);
    try {
      await poller.connect();
      const first = await poller.poll();
      const second = await poller.poll();
      for (const [node] of [first, second]) {
        expect(node.down).toBeUndefined();
        expect(node.counters['read.success']).toBe(10 - 3);
        expect(node.counters['read.notFound']).toBe(3);
        expect(node.counters['write.success']).toBe(4);
        expect(node.memory).toBe(123456);
        expect(node.rss).toBe(234567);
      }
      const asked = infos.filter((a) => a.length > 0);
      expect(asked.filter((a) => a.length > 1)).toEqual([['commandstats', 'stats', 'memory']]);
      expect(asked.filter((a) => a.length === 1)).toHaveLength(2 * 3);
    } finally {
      poller.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
