import { describe, expect, it } from 'vitest';
import type { Client } from 'hazelcast-client';
import { MemberCounts } from '../../workers/load/drivers/hazelcast/member-counts';
import { partitionTable4x } from '../../workers/load/drivers/hazelcast/connect-4x';
import { FakeHazelcastClient } from '../../bench/drivers/fake-clients';

/** The partition service of a client with 4 partitions, 0-1 owned by member A and 2-3 by B; it counts its lookups. */
class FakePartitions {
  lookups = 0;
  private readonly owners = [{ toString: () => 'uuid-a' }, { toString: () => 'uuid-b' }];
  getPartitionCount(): number {
    return 4;
  }
  getPartitionId(key: string): number {
    this.lookups++;
    return key.charCodeAt(0) % 4;
  }
  getPartitionOwner(pid: number) {
    return pid === 0 && this.ownerless ? undefined : this.owners[pid < 2 ? 0 : 1];
  }
  ownerless = false;
}

/**
 * A client whose map routes each key the way hazelcast-client's proxies do
 * (`route`: through the service it hands out, as they do), or through a
 * service of its own that kvscope cannot hear (`own`).
 */
function fakeClient(route: 'service' | 'own' | 'other key' = 'service') {
  const partitions = new FakePartitions();
  const hidden = new FakePartitions();
  const members = [
    { uuid: { toString: () => 'uuid-a' }, address: { toString: () => '127.0.0.1:5701' } },
    { uuid: { toString: () => 'uuid-b' }, address: { toString: () => '127.0.0.1:5702' } },
  ];
  const client = { getPartitionService: () => partitions, getCluster: () => ({ getMembers: () => members }) } as unknown as Client;
  const map = {
    get(key: string): Promise<string | null> {
      if (route === 'service') partitions.getPartitionId(key);
      else if (route === 'other key')
        partitions.getPartitionId(String.fromCharCode(key.charCodeAt(0) + 1)); // the next partition
      else hidden.getPartitionId(key);
      return Promise.resolve(null);
    },
  };
  return { client, map, partitions };
}

const byAddress = (m: MemberCounts) => Object.fromEntries(m.drain().map((n) => [n.address, n.counters]));

describe('MemberCounts (hazelcast per-member counts)', () => {
  it('hears the partition the client found for each operation: counted by its owner, the key never looked up a second time', async () => {
    const f = fakeClient();
    const m = new MemberCounts(partitionTable4x(f.client));
    expect(await m.listen('a', (k) => f.map.get(k))).toBe(true);
    const probe = f.partitions.lookups;
    // 'a' = 97 -> partition 1 (member A); 'c' = 99 -> partition 3 (member B)
    for (let i = 0; i < 5; i++) {
      void f.map.get('a');
      m.count('a', false);
    }
    void f.map.get('a');
    m.count('a', true);
    void f.map.get('c');
    m.count('c', true);
    expect(f.partitions.lookups - probe).toBe(7);
    expect(byAddress(m)).toEqual({
      '127.0.0.1:5701': { 'read.sent': 5, 'write.sent': 1 },
      '127.0.0.1:5702': { 'read.sent': 0, 'write.sent': 1 },
    });
    expect(m.drain()).toEqual([]);
  });

  it('a heard partition counts once: a count with no lookup of the client before it looks its key up', async () => {
    const f = fakeClient();
    const m = new MemberCounts(partitionTable4x(f.client));
    await m.listen('a', (k) => f.map.get(k));
    void f.map.get('c'); // partition 3, member B
    m.count('c', false);
    const before = f.partitions.lookups;
    m.count('a', false); // nothing heard since: looked up, member A, not B again
    expect(f.partitions.lookups - before).toBe(1);
    expect(byAddress(m)).toEqual({
      '127.0.0.1:5701': { 'read.sent': 1, 'write.sent': 0 },
      '127.0.0.1:5702': { 'read.sent': 1, 'write.sent': 0 },
    });
  });

  it('a client that routes elsewhere is left as it was, and each count looks its key up: slower, never wrong', async () => {
    const f = fakeClient('own');
    const m = new MemberCounts(partitionTable4x(f.client));
    expect(await m.listen('a', (k) => f.map.get(k))).toBe(false);
    expect(Object.hasOwn(f.partitions, 'getPartitionId')).toBe(false);
    const before = f.partitions.lookups;
    void f.map.get('c');
    m.count('c', true);
    expect(f.partitions.lookups - before).toBe(1);
    expect(byAddress(m)).toEqual({ '127.0.0.1:5702': { 'read.sent': 0, 'write.sent': 1 } });
  });

  it("a lookup of another key during the operation is not taken for the operation's", async () => {
    const f = fakeClient('other key');
    const m = new MemberCounts(partitionTable4x(f.client));
    expect(await m.listen('a', (k) => f.map.get(k))).toBe(false);
    void f.map.get('c');
    m.count('c', false);
    expect(byAddress(m)).toEqual({ '127.0.0.1:5702': { 'read.sent': 1, 'write.sent': 0 } });
  });

  it("the probe's failure is the run's to show: listen still answers", async () => {
    const f = fakeClient();
    const m = new MemberCounts(partitionTable4x(f.client));
    const failing = (k: string): Promise<unknown> => {
      f.partitions.getPartitionId(k);
      return Promise.reject(new Error('member gone'));
    };
    expect(await m.listen('a', failing)).toBe(true);
  });

  it('a partition without an owner yet counts as unknown', async () => {
    const f = fakeClient();
    f.partitions.ownerless = true;
    const m = new MemberCounts(partitionTable4x(f.client));
    await m.listen('a', (k) => f.map.get(k));
    void f.map.get('d'); // 100 % 4 = 0: no owner
    m.count('d', false);
    void f.map.get('a');
    m.count('a', true);
    expect(byAddress(m)).toEqual({
      unknown: { 'read.sent': 1, 'write.sent': 0 },
      '127.0.0.1:5701': { 'read.sent': 0, 'write.sent': 1 },
    });
  });

  it("bench:drivers' stand-in routes as the client does, so kvscope's count over it hears the lookup, as in a worker", async () => {
    const fake = new FakeHazelcastClient();
    const m = new MemberCounts(partitionTable4x(fake as unknown as Client));
    expect(await m.listen('key-1', (k) => fake.map.get(k))).toBe(true);
    void fake.map.set('key-2', 'v');
    m.count('key-2', true);
    expect(m.drain().reduce((n, node) => n + node.counters['write.sent'], 0)).toBe(1);
  });
});
