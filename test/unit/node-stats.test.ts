import { describe, expect, it } from 'vitest';
import {
  counterRates,
  NODE_NOTE_MAX_CHARS,
  NodeCountersSchema,
  nodeState,
  nodeTotals,
  type NodeCounters,
} from '../../app/metrics/node-stats';
import { unread } from '../../workers/monitor/poller';
import { NODE_QUIET_DOWN_MS, NODE_STALE_MS, NodeTracker } from '../../main/engine/node-tracker';

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
  const T0 = 1_000_000;
  const node = (id: string, counters: Record<string, number>, at?: number, memory?: number): NodeCounters => ({
    id,
    address: `${id}.host:3000`,
    counters,
    memory,
    at,
  });

  it('shows nodes as they appear, sorted by id, with zero counts at first', () => {
    const tr = new NodeTracker();
    expect(tr.take(0, T0, false)).toEqual([]);
    tr.update([node('b', { 'read.success': 100 }, T0 - 500), node('a', { 'write.success': 7 }, T0 - 500, 1234)], T0 - 499);
    tr.begin(T0);
    const s = tr.take(0, T0 + 1000, false);
    expect(s.map((n) => n.id)).toEqual(['a', 'b']);
    expect(s[0]).toEqual({ id: 'a', address: 'a.host:3000', rates: { 'write.success': 0 }, memory: 1234 });
    expect(s[1].rates).toEqual({ 'read.success': 0 });
    tr.update([node('c', { 'read.success': 1 }, T0 + 1500)], T0 + 1500);
    expect(tr.take(1, T0 + 2000, false).map((n) => [n.id, nodeState(n)])).toEqual([
      ['a', 'up'],
      ['b', 'up'],
      ['c', 'joining'],
    ]);
    expect(nodeState(tr.take(2, T0 + 3000, false)[2])).toBe('up');
  });

  it("puts each reading's counts on the run's seconds, pro rata, whatever side of an edge it lands", () => {
    const tr = new NodeTracker();
    tr.update([node('a', { r: 0 }, T0 - 300)], T0 - 300);
    tr.begin(T0);
    // 1000 per second, steady: readings 10 ms late, then 10 ms early
    tr.update([node('a', { r: 1310 }, T0 + 1010)], T0 + 1011);
    expect(tr.take(0, T0 + 1011, false)[0].rates.r).toBe(1300); // the 300 ms before t0 count in second 0
    tr.update([node('a', { r: 2290 }, T0 + 1990)], T0 + 1991);
    tr.update([node('a', { r: 3290 }, T0 + 2990)], T0 + 2991);
    expect(tr.take(1, T0 + 2991, false)[0].rates.r).toBe(1000);
    expect(tr.take(2, T0 + 2991, true)[0].rates.r).toBe(990); // the last takes all that is left
  });

  it("says whether every reporting node's counts up to a time are in", () => {
    const tr = new NodeTracker();
    tr.update([node('a', { r: 0 }, T0), node('b', { r: 0 }, T0)], T0);
    tr.begin(T0);
    tr.update([node('a', { r: 5 }, T0 + 1002)], T0 + 1003);
    expect(tr.covers(T0 + 1000, T0 + 1003)).toBe(false);
    tr.update([node('b', { r: 5 }, T0 + 1001)], T0 + 1004);
    expect(tr.covers(T0 + 1000, T0 + 1004)).toBe(true);
    expect(tr.covers(T0 + 2000, T0 + 1004)).toBe(false);
    // a node gone quiet is not waited for
    expect(tr.covers(T0 + 1000, T0 + 1004 + NODE_STALE_MS + 1)).toBe(true);
  });

  it('takes an unstamped reading as read on arrival', () => {
    const tr = new NodeTracker();
    tr.begin(T0);
    tr.update([node('a', { r: 0 })], T0);
    tr.update([node('a', { r: 100 })], T0 + 1000);
    expect(tr.covers(T0 + 1000, T0 + 1000)).toBe(true);
    expect(tr.take(0, T0 + 1000, false)[0].rates.r).toBe(100);
  });

  it('keeps nodes apart', () => {
    const tr = new NodeTracker();
    tr.update([node('a', { r: 0 }, T0), node('b', { r: 1000 }, T0)], T0);
    tr.begin(T0);
    tr.update([node('a', { r: 10 }, T0 + 1000), node('b', { r: 1500 }, T0 + 1000)], T0 + 1000);
    expect(tr.take(0, T0 + 1000, false).map((n) => n.rates.r)).toEqual([10, 500]);
  });

  it('shows a node silent for more than NODE_STALE_MS as down, counting nothing; one that comes back is up with what it counted meanwhile', () => {
    const tr = new NodeTracker();
    tr.begin(T0);
    tr.update([node('a', { r: 0 }), node('b', { r: 0 })], T0);
    tr.update([node('a', { r: 5 })], T0 + 2000);
    const states = (k: number, now: number) => tr.take(k, now, false).map((n) => [n.id, nodeState(n)]);
    expect(states(0, T0 + NODE_STALE_MS)).toEqual([
      ['a', 'up'],
      ['b', 'up'],
    ]);
    expect(states(1, T0 + NODE_STALE_MS + 1)).toEqual([
      ['a', 'up'],
      ['b', 'down'],
    ]);
    expect(tr.take(2, T0 + 2000 + NODE_STALE_MS + 1, false)).toEqual([
      { id: 'a', address: 'a.host:3000', rates: { r: 0 }, state: 'down' },
      { id: 'b', address: 'b.host:3000', rates: { r: 0 }, state: 'down' },
    ]);
    // Not waited for while down.
    expect(tr.covers(T0 + 9000, T0 + 9000)).toBe(true);
    // Its endpoint was only slow, say: the operations it did while silent happened in the run.
    tr.update([node('b', { r: 999 })], T0 + 10_000);
    expect(tr.take(10, T0 + 10_000, false)).toEqual([
      { id: 'a', address: 'a.host:3000', rates: { r: 0 }, state: 'down' },
      { id: 'b', address: 'b.host:3000', rates: { r: 999 }, memory: undefined },
    ]);
  });

  it('keeps a node its monitor reaches but cannot read as it was, saying why, and down only once quiet for NODE_QUIET_DOWN_MS', () => {
    const tr = new NodeTracker();
    const quiet = (id: string, at: number): NodeCounters => ({
      id,
      address: `${id}.host:3000`,
      counters: {},
      at,
      quiet: true,
      note: 'metrics: no answer within 800 ms',
    });
    tr.update([node('a', { r: 0 }, T0, 10), node('b', { r: 0 }, T0, 20)], T0);
    tr.begin(T0);
    // b's endpoint is slow from the start of the load, past NODE_STALE_MS: a reading each second, none with counters.
    for (let k = 0; k < 5; k++)
      tr.update([node('a', { r: 100 * (k + 1) }, T0 + (k + 1) * 1000, 10), quiet('b', T0 + (k + 1) * 1000)], T0 + (k + 1) * 1000 + 1);
    expect(tr.covers(T0 + 5000, T0 + 5001)).toBe(true);
    const fifth = tr.take(4, T0 + 5001, false);
    expect(fifth.map((n) => [n.id, nodeState(n), n.note])).toEqual([
      ['a', 'up', undefined],
      ['b', 'up', 'metrics: no answer within 800 ms'],
    ]);
    // Still counted as present with its memory, so a summary does not call it lost.
    expect(fifth[1]).toMatchObject({ memory: 20, rates: { r: 0 } });
    // It answers again: what it did while quiet is in the run, and the note is gone.
    tr.update([node('b', { r: 600 }, T0 + 6000, 20)], T0 + 6001);
    const sixth = tr.take(5, T0 + 6001, false).find((n) => n.id === 'b')!;
    expect([nodeState(sixth), sixth.note, sixth.rates.r]).toEqual(['up', undefined, 600]);
    // Quiet again from second 7, now for good: up with its note until NODE_QUIET_DOWN_MS, then down, saying why.
    const from = T0 + 7000;
    const last = Math.round(NODE_QUIET_DOWN_MS / 1000) + 7;
    for (let k = 7; k <= last; k++) tr.update([quiet('b', T0 + k * 1000)], T0 + k * 1000);
    // Second last - 1 ends at from + NODE_QUIET_DOWN_MS: not yet past the limit.
    expect(nodeState(tr.take(last - 1, from + NODE_QUIET_DOWN_MS, false).find((n) => n.id === 'b')!)).toBe('up');
    tr.update([quiet('b', T0 + (last + 1) * 1000)], T0 + (last + 1) * 1000);
    const down = tr.take(last, T0 + (last + 1) * 1000, false).find((n) => n.id === 'b')!;
    expect(down).toMatchObject({ state: 'down', note: `no reading for ${NODE_QUIET_DOWN_MS / 1000} s (metrics: no answer within 800 ms)` });
    expect(down.memory).toBeUndefined();
  });

  it("cuts a quiet reading's reason to a note the readings' schema takes (a longer one would fail the whole message)", () => {
    const reading = unread('a', 'a', `metrics: ${'x'.repeat(NODE_NOTE_MAX_CHARS * 2)}`);
    expect(reading.note).toHaveLength(NODE_NOTE_MAX_CHARS);
    expect(NodeCountersSchema.safeParse(reading).success).toBe(true);
  });

  it('ignores a quiet reading of a node never read', () => {
    const tr = new NodeTracker();
    tr.begin(T0);
    tr.update([{ id: 'a', address: 'a', counters: {}, at: T0, quiet: true }], T0);
    expect(tr.take(0, T0 + 1000, false)).toEqual([]);
  });

  it("takes the cluster's word on joining and leaving, with its note, over its own guess", () => {
    const tr = new NodeTracker();
    tr.update([node('a', { r: 0 }, T0), node('b', { r: 0 }, T0)], T0);
    tr.begin(T0);
    tr.update(
      [{ ...node('a', { r: 1 }, T0 + 999), member: 'leaving', note: 'handing over its last 1 slot' }, node('b', { r: 1 }, T0 + 999)],
      T0 + 999,
    );
    const [a, b] = tr.take(0, T0 + 1000, false);
    expect(a).toMatchObject({ id: 'a', state: 'leaving', note: 'handing over its last 1 slot' });
    expect(nodeState(b)).toBe('up');
    tr.update([{ ...node('b', { r: 2 }, T0 + 1999), member: 'joining', note: 'in handshake' }, node('a', { r: 2 }, T0 + 1999)], T0 + 1999);
    expect(tr.take(1, T0 + 2000, false).map((n) => [n.id, nodeState(n), n.note])).toEqual([
      ['a', 'up', undefined],
      ['b', 'joining', 'in handshake'],
    ]);
  });

  it('keeps a newcomer joining while data still moves into it, then up for good', () => {
    const tr = new NodeTracker();
    tr.update([node('a', { r: 0 }, T0)], T0);
    tr.begin(T0);
    tr.take(0, T0 + 1000, false);
    const c = (at: number, filling: boolean) => ({ ...node('c', { r: 0 }, at), filling, ...(filling ? { note: 'importing 1 slot' } : {}) });
    const stateOfC = (k: number) => nodeState(tr.take(k, T0 + (k + 1) * 1000, false).find((n) => n.id === 'c')!);
    tr.update([node('a', { r: 0 }, T0 + 1999), c(T0 + 1999, true)], T0 + 1999);
    expect(stateOfC(1)).toBe('joining');
    tr.update([node('a', { r: 0 }, T0 + 2999), c(T0 + 2999, true)], T0 + 2999);
    expect(stateOfC(2)).toBe('joining');
    tr.update([node('a', { r: 0 }, T0 + 3999), c(T0 + 3999, false)], T0 + 3999);
    expect(stateOfC(3)).toBe('up');
    // Filling again later (a reshard into an old node) is no join.
    tr.update([node('a', { r: 0 }, T0 + 4999), c(T0 + 4999, true)], T0 + 4999);
    expect(stateOfC(4)).toBe('up');
  });

  it('says why a node is down where its monitor knows', () => {
    const tr = new NodeTracker();
    tr.update([node('a', { r: 0 }, T0)], T0);
    tr.begin(T0);
    tr.update([{ id: 'a', address: 'a.host:3000', counters: {}, at: T0 + 500, down: true, note: 'failed by the cluster' }], T0 + 500);
    expect(tr.take(0, T0 + 1000, false)[0]).toMatchObject({ state: 'down', note: 'failed by the cluster' });
  });

  it('forgets a node that went away before the run began', () => {
    const tr = new NodeTracker();
    tr.update([node('a', { r: 0 })], T0 - 5000);
    expect(tr.take(0, T0, false)).toEqual([]);
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
      counters: {
        'read.success': 69,
        'read.notFound': 30,
        'read.error': 3,
        'write.success': 40,
        'write.error': 0,
        'latency.read.n': 100,
        'latency.read.us': 50,
        'latency.write.n': 40,
        'latency.write.us': 20,
      },
      memory: 123456,
    });
    expect(redisCounters('').counters['read.success']).toBe(0);
  });
});
