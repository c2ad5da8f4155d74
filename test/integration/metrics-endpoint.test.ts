import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeTotals } from '../../app/metrics/node-stats';
import { serverLatency } from '../../app/metrics/server-latency';
import { runScenario } from '../helpers/run';

/** The bounds (s) of the server's request-duration histogram, as prom-client's defaults start. */
const BOUNDS = [0.0001, 0.001, 0.01, 0.1];

/** The user's server says it is draining (about to leave its cluster) from when the test sets this. */
let draining = 0;

/**
 * A server of the user's: the key-value protocol kvscope's builtin-kv driver
 * speaks, and a Prometheus endpoint in prom-client's format (a counter of
 * requests and a histogram of their durations), which no kvscope code knows.
 */
function userServer(): Server {
  let gets = 0;
  const buckets = BOUNDS.map(() => 0);
  let sum = 0;
  return createServer((req, res) => {
    if (req.url === '/metrics') {
      const lines = [
        '# TYPE my_gets_total counter',
        `my_gets_total ${gets}`,
        ...BOUNDS.map((b, i) => `my_request_seconds_bucket{le="${b}"} ${buckets[i]}`),
        `my_request_seconds_bucket{le="+Inf"} ${gets}`,
        `my_request_seconds_count ${gets}`,
        `my_request_seconds_sum ${sum}`,
        `my_draining ${draining}`,
      ];
      return void res.end(lines.join('\n') + '\n');
    }
    const started = process.hrtime.bigint();
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('[1,2,3]');
      const s = Number(process.hrtime.bigint() - started) / 1e9;
      gets++;
      sum += s;
      BOUNDS.forEach((b, i) => s <= b && buckets[i]++);
    });
  });
}

describe("an external server's own Prometheus endpoint, read through a metrics map the user wrote", () => {
  const configDir = mkdtempSync(join(tmpdir(), 'kvscope-maps-'));
  const saved = process.env.KVSCOPE_CONFIG_DIR;
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    mkdirSync(join(configDir, 'metrics-maps'));
    const map = {
      description: 'my key-value server',
      rules: [
        { metric: 'my_gets_total', as: 'read.success' },
        { histogram: 'my_request_seconds', as: 'latency.read', scale: 1e6 },
        { metric: 'my_draining', state: 'leaving' },
      ],
    };
    writeFileSync(join(configDir, 'metrics-maps', 'mykv.json'), JSON.stringify(map));
    process.env.KVSCOPE_CONFIG_DIR = configDir;
    server = userServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.KVSCOPE_CONFIG_DIR;
    else process.env.KVSCOPE_CONFIG_DIR = saved;
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    rmSync(configDir, { recursive: true, force: true });
  });

  it("puts the server's counts and its latency on the run's seconds: its gets add up to the client's; its own word on leaving shows", async () => {
    const { summary, samples } = await runScenario(
      {
        target: { kind: 'builtin-kv', external: true, port, metricsUrls: [`http://127.0.0.1:${port}/metrics#mykv`], metricsMap: 'mykv' },
        mix: { get: 1 },
        keySpace: 100,
        workers: 1,
        inFlight: 4,
        warmupSeconds: 1,
        durationSeconds: 3,
      },
      (_, sample) => sample.second === 1 && (draining = 1),
    );
    expect(summary.status).toBe('done');
    const client = samples.reduce((a, s) => a + s.totals.count + s.totals.errors + s.totals.timeouts, 0);
    const own = samples.reduce((a, s) => a + s.nodes.reduce((b, n) => b + nodeTotals(n.rates).reads, 0), 0);
    expect(client).toBeGreaterThan(100);
    // One GET more: each worker's connect probe, before its first second.
    expect(own).toBe(client + 1);
    for (const s of samples.filter((x) => x.phase === 'run')) {
      expect(s.nodes.map((n) => n.id)).toEqual(['mykv']);
      const l = serverLatency(s.nodes[0].rates);
      expect(l?.mean, `second ${s.second}`).toBeGreaterThan(0);
      expect(l?.p99).toBeDefined();
    }
    // Draining from the end of second 1: up before, leaving (the metric named) from the monitor's next reading on.
    const states = samples.map((s) => [s.nodes[0].state ?? 'up', s.nodes[0].note]);
    expect(states.slice(0, 2)).toEqual([
      ['up', undefined],
      ['up', undefined],
    ]);
    expect(states.at(-1)).toEqual(['leaving', 'my_draining 1']);
    expect(summary.outcome!.lostNodes ?? []).toEqual([]);
    expect(summary.outcome!.kind).not.toBe('degraded');
  });
});
