import { describe, expect, it } from 'vitest';
import { bucketCounters, serverLatency } from '../../app/metrics/server-latency';
import { redisCounters, redisLatencyCounters } from '../../app/metrics/redis-counters';
import { NodeSeconds } from '../../app/metrics/node-seconds';
import { aerospikeLatencyRates } from '../../app/metrics/aerospike-latencies';

describe('server-side latency from node counters', () => {
  it('turns a cumulative histogram into per-bucket counts', () => {
    expect(
      bucketCounters('read', [
        [2, 10],
        [4, 15],
        [8, 15],
        [16, 20],
      ]),
    ).toEqual({ 'latency.read.b2': 10, 'latency.read.b4': 5, 'latency.read.b8': 0, 'latency.read.b16': 5 });
  });

  it('reads percentiles as the upper bound of their bucket, and the mean from the total time', () => {
    const rates = {
      'latency.read.n': 1000,
      'latency.read.us': 3000,
      'latency.read.b2': 400,
      'latency.read.b4': 590,
      'latency.read.b64': 10,
    };
    expect(serverLatency(rates)).toEqual({ count: 1000, mean: 3, p50: 4, p99: 4, p999: 64 });
  });

  it('merges reads and writes, or keeps one class', () => {
    const rates = { 'latency.read.n': 10, 'latency.read.us': 10, 'latency.write.n': 10, 'latency.write.us': 90, 'read.success': 10 };
    expect(serverLatency(rates)).toEqual({ count: 20, mean: 5 });
    expect(serverLatency(rates, ['write'])).toEqual({ count: 10, mean: 9 });
  });

  it('has nothing to say for a node without latency counters or a second without operations', () => {
    expect(serverLatency({ 'read.success': 5 })).toBeUndefined();
    expect(serverLatency({ 'latency.read.n': 0, 'latency.read.us': 0 })).toBeUndefined();
  });
});

describe("Redis's server latency", () => {
  it('parses LATENCY HISTOGRAM get set, and ignores what is not of its shape', () => {
    const reply = ['get', ['calls', 3, 'histogram_usec', [4, 3]], 'set', ['calls', 5, 'histogram_usec', [8, 1, 16, 5]], 'junk', 7];
    expect(redisLatencyCounters(reply)).toEqual({ 'latency.read.b4': 3, 'latency.write.b8': 1, 'latency.write.b16': 4 });
    expect(redisLatencyCounters('ERR unknown subcommand')).toEqual({});
    expect(redisLatencyCounters(['get', ['calls', 1, 'histogram_usec', ['x', 'y', -4, 2]]])).toEqual({});
  });

  it('takes the mean from commandstats usec', () => {
    const c = redisCounters('cmdstat_get:calls=4,usec=12,usec_per_call=3.00,rejected_calls=0,failed_calls=0\r\n').counters;
    expect(c['latency.read.n']).toBe(4);
    expect(c['latency.read.us']).toBe(12);
    expect(c['latency.write.n']).toBe(0);
  });
});

describe('a histogram bucket that first appears mid-run', () => {
  it('counts the operations in it (it was empty before)', () => {
    const seconds = new NodeSeconds(0);
    seconds.add(0, { 'latency.read.b4': 100 });
    seconds.add(1000, { 'latency.read.b4': 150, 'latency.read.b1024': 1 });
    expect(seconds.take(1, true)).toEqual({ 'latency.read.b4': 50, 'latency.read.b1024': 1 });
  });
});

describe("Aerospike's server latency", () => {
  it('turns latencies: into rates per bucket of the last ticker interval', () => {
    const rates = aerospikeLatencyRates(
      'batch-index:;{test}-read:usec,1000.0,60.00,10.00,1.00;{test}-write:;{other}-read:usec,5.0,0.00',
      'test',
    );
    expect(rates).toEqual({
      'latency.read.n': 1000,
      'latency.read.b1': 400,
      'latency.read.b2': 500,
      'latency.read.b4': 90,
      'latency.read.b+4': 10,
    });
    expect(serverLatency(rates)).toEqual({ count: 1000, p50: 2, p99: 4, p999: 4, atLeast: ['p999'] });
  });

  it('reads msec histograms in µs, and gives nothing for an error, no data yet or a malformed line', () => {
    expect(aerospikeLatencyRates('{test}-write:msec,10.0,0.00,0.00', 'test')).toMatchObject({
      'latency.write.b1000': 10,
      'latency.write.b2000': 0,
    });
    expect(aerospikeLatencyRates('ERROR:4:bad hist name', 'test')).toEqual({});
    expect(aerospikeLatencyRates('{test}-read:', 'test')).toEqual({});
    expect(aerospikeLatencyRates('{test}-read:usec,abc,1', 'test')).toEqual({});
    expect(aerospikeLatencyRates('{test}-read:usec,10,150.0', 'test')).toEqual({});
  });
});
