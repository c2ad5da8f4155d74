import { describe, expect, it } from 'vitest';
import { counterRates, nodeTotals, type NodeCounters } from '../../app/metrics/node-stats';
import { NODE_STALE_MS, NodeTracker } from '../../main/engine/node-tracker';

describe('counterRates', () => {
  it('is zero for a first reading (nothing to take a delta from)', () => {
    expect(counterRates(undefined, { 'read.success': 500, 'write.success': 7 }, 1)).toEqual({ 'read.success': 0, 'write.success': 0 });
  });

  it('divides deltas by the elapsed seconds', () => {
    const r = counterRates({ 'read.success': 100, 'write.success': 10 }, { 'read.success': 400, 'write.success': 10 }, 2);
    expect(r).toEqual({ 'read.success': 150, 'write.success': 0 });
    expect(counterRates({ a: 0 }, { a: 5 }, 0.5)).toEqual({ a: 10 });
  });

  it('treats a counter that went down as a restart: what it counted since, never negative', () => {
    const r = counterRates({ 'read.success': 10_000, 'read.error': 50 }, { 'read.success': 300, 'read.error': 50 }, 1);
    expect(r['read.success']).toBe(300);
    expect(r['read.error']).toBe(0);
    const r2 = counterRates({ x: 10 }, { x: 0 }, 1);
    expect(r2.x).toBe(0);
    for (const v of Object.values(r)) expect(v).toBeGreaterThanOrEqual(0);
  });

  it('does not divide by zero or a negative interval', () => {
    const r = counterRates({ a: 1 }, { a: 4 }, 0);
    expect(Number.isFinite(r.a)).toBe(true);
    expect(r.a).toBeGreaterThanOrEqual(0);
    expect(Number.isFinite(counterRates({ a: 1 }, { a: 4 }, -1).a)).toBe(true);
  });

  it('reports only the counters of the current reading', () => {
    expect(Object.keys(counterRates({ old: 5, a: 1 }, { a: 2 }, 1))).toEqual(['a']);
  });
});

describe('nodeTotals', () => {
  it('adds reads, writes and errors over every outcome', () => {
    const t = nodeTotals({
      'read.success': 100,
      'read.error': 3,
      'read.timeout': 2,
      'read.notFound': 5,
      'write.success': 40,
      'write.error': 1,
      'write.timeout': 4,
      other: 1000,
    });
    expect(t).toEqual({ reads: 110, writes: 45, errors: 10 });
  });
  it('is zero for no rates', () => {
    expect(nodeTotals({})).toEqual({ reads: 0, writes: 0, errors: 0 });
  });
});

describe('NodeTracker', () => {
  const node = (id: string, counters: Record<string, number>, memory?: number): NodeCounters => ({
    id,
    address: `${id}.host:3000`,
    counters,
    memory,
  });

  it('shows nodes as they appear, sorted by id, with zero rates at first', () => {
    const tr = new NodeTracker();
    expect(tr.snapshot(0)).toEqual([]);
    tr.update([node('b', { 'read.success': 100 }), node('a', { 'write.success': 7 }, 1234)], 1000);
    const s = tr.snapshot(1000);
    expect(s.map((n) => n.id)).toEqual(['a', 'b']);
    expect(s[0]).toEqual({ id: 'a', address: 'a.host:3000', rates: { 'write.success': 0 }, memory: 1234 });
    expect(s[1].rates).toEqual({ 'read.success': 0 });
    tr.update([node('c', { 'read.success': 1 })], 1500);
    expect(tr.snapshot(1500).map((n) => n.id)).toEqual(['a', 'b', 'c']);
  });

  it('shows in each snapshot what the node counted since the previous one', () => {
    const tr = new NodeTracker();
    tr.update([node('a', { 'read.success': 100, 'write.success': 10 })], 1000);
    tr.update([node('a', { 'read.success': 400, 'write.success': 30 })], 3000);
    expect(tr.snapshot(3000)[0].rates).toEqual({ 'read.success': 300, 'write.success': 20 });
    tr.update([node('a', { 'read.success': 450, 'write.success': 30 })], 3500);
    expect(tr.snapshot(3500)[0].rates).toEqual({ 'read.success': 50, 'write.success': 0 });
    // no new reading: nothing counted in this sample
    expect(tr.snapshot(3600)[0].rates).toEqual({ 'read.success': 0, 'write.success': 0 });
    // a restart
    tr.update([node('a', { 'read.success': 20, 'write.success': 30 })], 4500);
    expect(tr.snapshot(4500)[0].rates['read.success']).toBe(20);
  });

  it('adds up exactly to what the node counted, however readings and snapshots interleave', () => {
    const tr = new NodeTracker();
    let count = 0;
    let shown = 0;
    tr.update([node('a', { r: 0 })], 0);
    for (let t = 1; t <= 50; t++) {
      count += 7 * t;
      tr.update([node('a', { r: count })], t * 300); // readings every 0.3 s
      if (t % 3 === 0 || t % 7 === 0) shown += tr.snapshot(t * 300)[0].rates.r; // snapshots at uneven times
    }
    shown += tr.snapshot(50 * 300)[0].rates.r;
    expect(shown).toBe(count);
  });

  it('keeps nodes apart', () => {
    const tr = new NodeTracker();
    tr.update([node('a', { r: 0 }), node('b', { r: 1000 })], 0);
    tr.update([node('a', { r: 10 }), node('b', { r: 1500 })], 1000);
    expect(tr.snapshot(1000).map((n) => n.rates.r)).toEqual([10, 500]);
  });

  it('drops a node silent for more than NODE_STALE_MS', () => {
    const tr = new NodeTracker();
    tr.update([node('a', { r: 0 }), node('b', { r: 0 })], 1000);
    tr.update([node('a', { r: 5 })], 3000);
    expect(tr.snapshot(1000 + NODE_STALE_MS).map((n) => n.id)).toEqual(['a', 'b']);
    expect(tr.snapshot(1000 + NODE_STALE_MS + 1).map((n) => n.id)).toEqual(['a']);
    // 'a' goes quiet too
    expect(tr.snapshot(3000 + NODE_STALE_MS + 1)).toEqual([]);
    // a node that comes back starts fresh: no delta from before it went away
    tr.update([node('b', { r: 999 })], 10_000);
    expect(tr.snapshot(10_000)).toEqual([{ id: 'b', address: 'b.host:3000', rates: { r: 0 }, memory: undefined }]);
  });
});

describe('redis INFO mapped to per-node counters', () => {
  it('splits GETs into found, missed and failed, and SETs into done and failed', async () => {
    const { redisCounters } = await import('../../app/metrics/redis-counters');
    const info = [
      '# Commandstats',
      'cmdstat_get:calls=100,usec=50,usec_per_call=0.50,rejected_calls=2,failed_calls=1',
      'cmdstat_set:calls=40,usec=20,usec_per_call=0.50,rejected_calls=0,failed_calls=0',
      'cmdstat_info:calls=9,usec=1,usec_per_call=0.1,rejected_calls=0,failed_calls=0',
      '# Stats',
      'keyspace_misses:30',
      '# Memory',
      'used_memory:123456',
    ].join('\r\n');
    expect(redisCounters(info)).toEqual({
      counters: { 'read.success': 69, 'read.notFound': 30, 'read.error': 3, 'write.success': 40, 'write.error': 0 },
      memory: 123456,
    });
    expect(redisCounters('').counters['read.success']).toBe(0);
  });
});
