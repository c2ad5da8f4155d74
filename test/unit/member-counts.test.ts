import { describe, expect, it } from 'vitest';
import type { Client } from 'hazelcast-client';
import { MemberCounts } from '../../workers/load/drivers/hazelcast/member-counts';

/** A client with 4 partitions, 0-1 owned by member A and 2-3 by B, counting partition lookups. */
function fakeClient() {
  const owners = [{ toString: () => 'uuid-a' }, { toString: () => 'uuid-b' }];
  let lookups = 0;
  const partitions = {
    getPartitionCount: () => 4,
    getPartitionId: (key: string) => {
      lookups++;
      return key.charCodeAt(0) % 4;
    },
    getPartitionOwner: (pid: number) => owners[pid < 2 ? 0 : 1],
  };
  const members = [
    { uuid: owners[0], address: { toString: () => '127.0.0.1:5701' } },
    { uuid: owners[1], address: { toString: () => '127.0.0.1:5702' } },
  ];
  const client = { getPartitionService: () => partitions, getCluster: () => ({ getMembers: () => members }) } as unknown as Client;
  return { client, lookups: () => lookups };
}

describe('MemberCounts (hazelcast per-member counts)', () => {
  it("counts reads and writes per partition owner and looks each key's partition up once", () => {
    const f = fakeClient();
    const m = new MemberCounts(f.client, 10);
    // 'a' = 97 -> partition 1 (member A); 'c' = 99 -> partition 3 (member B)
    for (let i = 0; i < 5; i++) m.count(0, 'a', false);
    m.count(0, 'a', true);
    m.count(2, 'c', true);
    m.count(2, 'c', true);
    expect(f.lookups()).toBe(2);
    const byAddress = Object.fromEntries(m.drain().map((n) => [n.address, n.counters]));
    expect(byAddress).toEqual({
      '127.0.0.1:5701': { 'read.sent': 5, 'write.sent': 1 },
      '127.0.0.1:5702': { 'read.sent': 0, 'write.sent': 2 },
    });
    expect(m.drain()).toEqual([]);
  });

  it('a key space larger than the cache shares slots: another key in a slot is looked up, never given the wrong partition', () => {
    const f = fakeClient();
    const m = new MemberCounts(f.client, 1);
    m.count(0, 'a', false); // partition 1
    m.count(1, 'c', false); // same slot, partition 3
    m.count(0, 'a', false);
    expect(f.lookups()).toBe(3);
    const byAddress = Object.fromEntries(m.drain().map((n) => [n.address, n.counters['read.sent']]));
    expect(byAddress).toEqual({ '127.0.0.1:5701': 2, '127.0.0.1:5702': 1 });
  });

  it('a probe without a key index is counted without caching', () => {
    const f = fakeClient();
    const m = new MemberCounts(f.client, 10);
    m.count(undefined, 'a', true);
    m.count(undefined, 'a', true);
    expect(f.lookups()).toBe(2);
    expect(m.drain()).toEqual([{ id: '127.0.0.1:5701', address: '127.0.0.1:5701', counters: { 'read.sent': 0, 'write.sent': 2 } }]);
  });

  it("prime finds each key's partition before the run, so the operations look nothing up", async () => {
    const f = fakeClient();
    const m = new MemberCounts(f.client, 26);
    const keyAt = (i: number): string => String.fromCharCode(97 + i); // 'a' to 'z'
    await m.prime(keyAt);
    expect(f.lookups()).toBe(26);
    for (let i = 0; i < 26; i++) m.count(i, keyAt(i), i % 2 === 0);
    expect(f.lookups()).toBe(26);
    // Partitions by char code % 4 run A, B, B, A from 'a': writes on even indexes, reads on odd ones.
    const byAddress = Object.fromEntries(m.drain().map((n) => [n.address, n.counters]));
    expect(byAddress).toEqual({
      '127.0.0.1:5701': { 'read.sent': 6, 'write.sent': 7 },
      '127.0.0.1:5702': { 'read.sent': 7, 'write.sent': 6 },
    });
  });

  it('prime covers a key space of several turns of the event loop, every key once', async () => {
    const f = fakeClient();
    const m = new MemberCounts(f.client, 25_000);
    await m.prime((i) => String.fromCharCode(97 + (i % 26)));
    expect(f.lookups()).toBe(25_000);
    m.count(24_999, 'x', false);
    expect(f.lookups()).toBe(25_000);
  });
});
