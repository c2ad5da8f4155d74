import { fork } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FromTargetSchema, type FromTarget } from '../../app/protocol/target';
import { TargetSchema } from '../../app/scenario/targets';
import { entryPath } from '../../main/engine/entries';
import { BASELINE_TIMEOUT_MS, READING_TIMEOUT_MS } from '../../workers/monitor/poller';

/** Slower than a second's reading may take, well within the baseline's patience (a JMX exporter's first scrape). */
const FIRST_ANSWER_MS = (READING_TIMEOUT_MS + BASELINE_TIMEOUT_MS) / 4;
const EXIT_WITHIN_MS = 10_000;

describe("the monitor's baseline reading", () => {
  let server: Server;
  let url = '';
  let scrapes = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      const body = `hazelcast_imap_localgetoperationcount{map="kvscope"} ${100 + scrapes}\n`;
      const wait = scrapes++ === 0 ? FIRST_ANSWER_MS : 0;
      setTimeout(() => res.end(body), wait);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/metrics#m1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('waits for a node whose first answer is slow, so its counts start before the load', { timeout: 20_000 }, async () => {
    const target = TargetSchema.parse({ kind: 'hazelcast', members: '127.0.0.1:5701', metricsUrls: [url] });
    const child = fork(entryPath('workers/monitor/main'), [], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'json' });
    const messages: FromTarget[] = [];
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const ready = new Promise<void>((resolve, reject) => {
      child.on('message', (m) => {
        const parsed = FromTargetSchema.parse(m);
        messages.push(parsed);
        if (parsed.type === 'ready') resolve();
        if (parsed.type === 'fatal') reject(new Error(parsed.data.message));
      });
    });
    const kill = setTimeout(() => child.kill('SIGKILL'), EXIT_WITHIN_MS + FIRST_ANSWER_MS);
    try {
      child.send({ type: 'start', data: { target, workDir: '' } });
      await ready;
    } finally {
      child.send({ type: 'stop', data: {} });
      await exited;
      clearTimeout(kill);
    }
    const first = messages.find((m) => m.type === 'node-stats');
    const warnings = messages.filter((m) => m.type === 'log').map((m) => (m.type === 'log' ? m.data.message : ''));
    expect(first?.type === 'node-stats' && first.data.nodes, warnings.join('\n')).toEqual([
      expect.objectContaining({ id: 'm1', counters: expect.objectContaining({ 'read.success': 100 }) }),
    ]);
    expect(messages.findIndex((m) => m.type === 'node-stats')).toBeLessThan(messages.findIndex((m) => m.type === 'ready'));
  });
});
