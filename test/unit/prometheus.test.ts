import { describe, expect, it } from 'vitest';
import { parsePrometheus } from '../../app/metrics/prometheus';
import { applyPromMap, PromMapSchema } from '../../app/metrics/prom-map';
import { HAZELCAST_PROM_MAP, promMapFor, REDIS_EXPORTER_PROM_MAP } from '../../app/metrics/prom-maps';
import { nodeName } from '../../workers/monitor/prometheus-poller';
import { serverLatency } from '../../app/metrics/server-latency';
import { validateScenario } from '../../app/scenario/schema';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A Hazelcast member's scrape through the JMX exporter, as one printed it (shortened). */
const SCRAPE = `# HELP hazelcast_imap_localgetoperationcount number of get operations on this member
# TYPE hazelcast_imap_localgetoperationcount untyped
hazelcast_imap_localgetoperationcount{map="kvscope"} 1000.0
hazelcast_imap_localgetoperationcount{map="other"} 77.0
hazelcast_imap_localsetoperationcount{map="kvscope"} 500.0
hazelcast_imap_localremoveoperationcount{map="kvscope"} 1.0
hazelcast_imap_localtotalgetlatency{map="kvscope"} 57.0
hazelcast_imap_localtotalsetlatency{map="kvscope"} 178.0
hazelcast_imap_localownedentrymemorycost{map="kvscope"} 128763.0
com_hazelcast_metrics_getcount{instance="m1",prefix="map",tag0="\\"name=kvscope\\""} 5.0
jvm_memory_max_bytes{area="nonheap"} -1.0
not a sample line
jvm_threads_current 42 1700000000000
`;

describe('the Prometheus text format', () => {
  it('reads samples with labels (quotes escaped), skips comments and counts what it cannot read', () => {
    const { samples, skipped } = parsePrometheus(SCRAPE);
    expect(samples[0]).toEqual({ name: 'hazelcast_imap_localgetoperationcount', labels: { map: 'kvscope' }, value: 1000 });
    expect(samples[7]).toMatchObject({ labels: { instance: 'm1', prefix: 'map', tag0: '"name=kvscope"' }, value: 5 });
    expect(samples.at(-1)).toEqual({ name: 'jvm_threads_current', labels: {}, value: 42 });
    expect(skipped).toBe(1);
    expect(parsePrometheus('x{a="1" 5\n{}\n').samples).toEqual([]);
  });
});

describe("a server kind's metrics map", () => {
  it("maps a Hazelcast member's IMap statistics for the run's map only: counts, latency in µs, memory", () => {
    const node = applyPromMap(HAZELCAST_PROM_MAP, parsePrometheus(SCRAPE).samples, { map: 'kvscope' });
    expect(node).toEqual({
      counters: {
        'read.success': 1000,
        'write.success': 501,
        'latency.read.n': 1000,
        'latency.read.us': 57_000,
        'latency.write.n': 501,
        'latency.write.us': 178_000,
      },
      memory: 128763,
    });
    expect(applyPromMap(HAZELCAST_PROM_MAP, parsePrometheus('up 1\n').samples, { map: 'kvscope' })).toBeUndefined();
  });

  it("takes the user's map from the config folder, and says why when it is invalid", () => {
    const dir = mkdtempSync(join(tmpdir(), 'kvscope-maps-'));
    try {
      const warnings: string[] = [];
      expect(promMapFor('hazelcast', dir, (m) => warnings.push(m))).toBe(HAZELCAST_PROM_MAP);
      mkdirSync(join(dir, 'metrics-maps'));
      const mine = { rules: [{ metric: 'my_reads_total', as: 'read.success' }] };
      writeFileSync(join(dir, 'metrics-maps', 'myserver.json'), JSON.stringify(mine));
      expect(promMapFor('myserver', dir, (m) => warnings.push(m))).toEqual(PromMapSchema.parse(mine));
      writeFileSync(join(dir, 'metrics-maps', 'hazelcast.json'), JSON.stringify({ rules: [{ metric: 'x', as: 'rm -rf' }] }));
      expect(promMapFor('hazelcast', dir, (m) => warnings.push(m))).toBe(HAZELCAST_PROM_MAP);
      expect(warnings).toEqual([expect.stringMatching(/hazelcast\.json: rules\.0\.as: a node counter .*; using the built-in map$/)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names a node by the endpoint's #fragment, else its host and port", () => {
    expect(nodeName('http://127.0.0.1:9100/metrics#127.0.0.1:5701')).toBe('127.0.0.1:5701');
    expect(nodeName('http://10.0.0.5:9100/metrics')).toBe('10.0.0.5:9100');
    expect(nodeName('http://10.0.0.5:9100/metrics#<script>')).toBe('10.0.0.5:9100');
  });
});

describe('a histogram in a metrics map', () => {
  /** What prom-client serves for a Node.js server's request durations, in seconds, over two label sets. */
  const scrape = `http_request_duration_seconds_bucket{le="0.001",route="/kv"} 50
http_request_duration_seconds_bucket{le="0.025",route="/kv"} 98
http_request_duration_seconds_bucket{le="+Inf",route="/kv"} 100
http_request_duration_seconds_count{route="/kv"} 100
http_request_duration_seconds_sum{route="/kv"} 0.5
http_request_duration_seconds_bucket{le="0.001",route="/other"} 1000
`;
  const map = PromMapSchema.parse({
    rules: [{ histogram: 'http_request_duration_seconds', labels: { route: '/kv' }, as: 'latency.read', scale: 1e6 }],
  });

  it('becomes per-bucket counts in µs, the open bucket above the last bound, the count and the total time', () => {
    const node = applyPromMap(map, parsePrometheus(scrape).samples, {});
    expect(node!.counters).toEqual({
      'latency.read.n': 100,
      'latency.read.us': 500_000,
      'latency.read.b1000': 50,
      'latency.read.b25000': 48,
      'latency.read.b+25000': 2,
    });
    expect(serverLatency(node!.counters)).toEqual({ count: 100, mean: 5000, p50: 1000, p99: 25000, p999: 25000, atLeast: ['p99', 'p999'] });
  });

  it("maps redis_exporter's commands like INFO's: a GET that missed is not-found, failed and rejected calls errors", () => {
    // Lines as Debian's prometheus-redis-exporter 1.45 printed them for a Redis 7.0 server.
    const scrape = `redis_commands_total{cmd="get"} 1000
redis_commands_total{cmd="set"} 400
redis_commands_failed_calls_total{cmd="get"} 2
redis_commands_failed_calls_total{cmd="set"} 1
redis_commands_rejected_calls_total{cmd="get"} 3
redis_commands_rejected_calls_total{cmd="set"} 0
redis_commands_duration_seconds_total{cmd="get"} 0.002
redis_commands_duration_seconds_total{cmd="set"} 0.0016
redis_keyspace_misses_total 100
redis_latency_percentiles_usec{cmd="get",quantile="99"} 3.007
redis_memory_used_bytes 1.015264e+06
redis_memory_used_rss_bytes 1.1964416e+07
`;
    expect(applyPromMap(REDIS_EXPORTER_PROM_MAP, parsePrometheus(scrape).samples, {})).toEqual({
      counters: {
        'read.success': 898,
        'read.notFound': 100,
        'read.error': 5,
        'write.success': 399,
        'write.error': 1,
        'latency.read.n': 1000,
        'latency.read.us': 2000,
        'latency.write.n': 400,
        'latency.write.us': 1600,
      },
      memory: 1015264,
      rss: 11964416,
    });
  });

  it('never takes a figure below 0 by subtracting', () => {
    const map = PromMapSchema.parse({
      rules: [
        { metric: 'a', as: 'read.success' },
        { metric: 'b', as: 'read.success', scale: -1 },
      ],
    });
    expect(applyPromMap(map, parsePrometheus('a 1\nb 5\n').samples, {})?.counters).toEqual({ 'read.success': 0 });
    expect(PromMapSchema.safeParse({ rules: [{ metric: 'a', as: 'memory', scale: 0 }] }).success).toBe(false);
  });

  it("takes a node's own word on its state: joining, leaving or filling while a metric is (or is not) 0, named in the note", () => {
    const map = PromMapSchema.parse({
      rules: [
        { metric: 'kv_gets_total', as: 'read.success' },
        { metric: 'kv_draining', state: 'leaving' },
        { metric: 'kv_replicas_in_sync', state: 'filling', when: 'zero' },
      ],
    });
    const read = (text: string) => applyPromMap(map, parsePrometheus(text).samples, {});
    expect(read('kv_gets_total 5\nkv_draining 0\nkv_replicas_in_sync 1\n')).toEqual({ counters: { 'read.success': 5 } });
    expect(read('kv_gets_total 5\nkv_draining 1\nkv_replicas_in_sync 0\n')).toEqual({
      counters: { 'read.success': 5 },
      member: 'leaving',
      filling: true,
      note: 'kv_draining 1; kv_replicas_in_sync 0',
    });
    expect(PromMapSchema.safeParse({ rules: [{ metric: 'x', state: 'down' }] }).success).toBe(false);
  });

  it('refuses a rule that is neither a counter nor a histogram', () => {
    expect(PromMapSchema.safeParse({ rules: [{ histogram: 'x', as: 'memory' }] }).success).toBe(false);
    expect(PromMapSchema.safeParse({ rules: [{ metric: 'x', histogram: 'y', as: 'latency.read' }] }).success).toBe(false);
  });
});

describe('what a scenario may say about metrics endpoints', () => {
  it('takes http(s) URLs and a plain map name only: no other scheme, no path in the name', () => {
    const target = (t: object) => {
      const v = validateScenario({ target: { kind: 'builtin-kv', external: true, port: 8080, ...t } });
      return v.ok ? [] : v.errors;
    };
    expect(target({ metricsUrls: ['http://127.0.0.1:9100/metrics#n1'], metricsMap: 'my-kv' })).toEqual([]);
    expect(target({ metricsUrls: ['file:///etc/passwd'] })).toEqual([
      { field: 'target.metricsUrls.0', reason: expect.stringMatching(/http:\/\/ or https:\/\/ URL/) as string },
    ]);
    expect(target({ metricsMap: '../../.ssh/id_rsa' })).toEqual([
      { field: 'target.metricsMap', reason: expect.stringMatching(/a map name: lower-case letters, digits and dashes/) as string },
    ]);
  });
});
