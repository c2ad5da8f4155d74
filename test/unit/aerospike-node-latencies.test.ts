import { describe, expect, it } from 'vitest';
import { Latencies } from '../../tools/aerospike-node/latencies';
import { aerospikeLatencyRates } from '../../app/metrics/aerospike-latencies';

describe("the test node's latencies: answer", () => {
  it('says nothing for a histogram until two ticker dumps, then that interval in the server format', () => {
    const l = new Latencies();
    l.dump(0);
    l.record('test', 'read', 0.5);
    expect(l.answer(['test'], '')).toBe('batch-index:;{test}-read:;{test}-write:');
    l.dump(1000);
    expect(l.answer(['test'], 'hist={test}-read')).toBe('{test}-read:');
    for (let i = 0; i < 90; i++) l.record('test', 'read', 3);
    for (let i = 0; i < 10; i++) l.record('test', 'read', 100);
    l.dump(3000);
    const line = l.answer(['test'], 'hist={test}-read');
    expect(line).toMatch(/^\{test\}-read:usec,50\.0,100\.00,100\.00,10\.00,10\.00,10\.00,10\.00,10\.00,0\.00(,0\.00){9}$/);
    // What kvscope reads from it: 50 ops/s, p50 in [2, 4) µs, p99 in [64, 128).
    expect(aerospikeLatencyRates(line, 'test')).toMatchObject({ 'latency.read.n': 50, 'latency.read.b4': 45, 'latency.read.b128': 5 });
  });

  it('answers an unknown histogram with the server error', () => {
    expect(new Latencies().answer(['test'], 'hist={nope}-read')).toBe('ERROR:4:bad hist name');
  });
});
