import { describe, expect, it } from 'vitest';
import { fmtLatency, latencyLogTick, latencyParts, latencyTickFormat } from '../../app/report/latency-format';

describe('latencies for people: µs below a millisecond, always with the unit', () => {
  it('keeps at least two significant digits from a fraction of a µs to seconds', () => {
    expect([0.52, 3.2, 3, 48, 480, 999.6, 1300, 25_000, 250_000, 2_000_000].map(fmtLatency)).toEqual([
      '0.52 µs',
      '3.2 µs',
      '3.0 µs',
      '48 µs',
      '480 µs',
      '1.00 ms',
      '1.30 ms',
      '25.0 ms',
      '250 ms',
      '2000 ms',
    ]);
    expect(fmtLatency(0)).toBe('0 µs');
    expect([-3.2, -2500].map(fmtLatency)).toEqual(['-3.2 µs', '-2.50 ms']);
  });

  it('gives a tile its number and unit apart, the number readable with parseFloat', () => {
    expect(latencyParts(4)).toEqual({ value: '4.0', unit: 'µs' });
    expect(latencyParts(12_345)).toEqual({ value: '12.3', unit: 'ms' });
    expect(parseFloat(latencyParts(3.2).value)).toBe(3.2);
  });
});

describe('latency axis ticks', () => {
  it('labels ticks a few µs apart with distinct, non-zero values', () => {
    const ticks = [0, 1, 2, 3, 4];
    const labels = ticks.map(latencyTickFormat(1, 4));
    expect(labels).toEqual(['0', '1.0 µs', '2.0 µs', '3.0 µs', '4.0 µs']);
    expect(new Set(labels).size).toBe(ticks.length);
    expect([0, 2.5, 5, 7.5, 10].map(latencyTickFormat(2.5, 10))).toEqual(['0', '2.5 µs', '5.0 µs', '7.5 µs', '10.0 µs']);
  });

  it('keeps two significant digits of the step in one unit for the whole axis', () => {
    expect([250, 500, 1000].map(latencyTickFormat(250, 1000))).toEqual(['0.25 ms', '0.50 ms', '1.00 ms']);
    expect([100, 600].map(latencyTickFormat(100, 600))).toEqual(['100 µs', '600 µs']);
    expect([20_000, 100_000].map(latencyTickFormat(20_000, 100_000))).toEqual(['20 ms', '100 ms']);
    expect([250_000, 750_000].map(latencyTickFormat(250_000, 750_000))).toEqual(['250 ms', '750 ms']);
    // An axis reaching 10 s counts in seconds, so its labels fit beside it.
    expect([2_000_000, 10_000_000].map(latencyTickFormat(2_000_000, 10_000_000))).toEqual(['2.0 s', '10.0 s']);
  });

  it('labels a log axis at round values in their own unit', () => {
    expect([0.1, 1, 10, 100, 1000, 10_000, 100_000, 1_000_000].map(latencyLogTick)).toEqual([
      '0.1 µs',
      '1 µs',
      '10 µs',
      '100 µs',
      '1 ms',
      '10 ms',
      '100 ms',
      '1000 ms',
    ]);
    expect([2, 5, 5000, 10_000_000].map(latencyLogTick)).toEqual(['2 µs', '5 µs', '5 ms', '10 s']);
  });
});
