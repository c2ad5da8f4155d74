import { describe, expect, it } from 'vitest';
import { parseClusterNodes, redisMembership } from '../../app/metrics/redis-cluster-nodes';

// In the format of Redis 7's CLUSTER NODES: id, ip:port@cport[,hostname], flags, master, ping, pong, epoch, link, slots.
const A = 'a1a1 127.0.0.1:7001@17001 myself,master - 0 0 1 connected 0-5460 [42->-c3c3]';
const B = 'b2b2 127.0.0.1:7002@17002,host-b master - 0 1700000000000 2 connected 5461-10922';
const C = 'c3c3 127.0.0.1:7004@17004 master - 0 1700000000000 4 connected [42-<-a1a1]';

describe('CLUSTER NODES', () => {
  it('reads each line: address without the bus port or hostname, flags, owned slots, slots moving', () => {
    expect(parseClusterNodes([A, B, C, ''].join('\n'))).toEqual([
      { address: '127.0.0.1:7001', flags: ['myself', 'master'], slots: 5461, migrating: 1, importing: 0 },
      { address: '127.0.0.1:7002', flags: ['master'], slots: 5462, migrating: 0, importing: 0 },
      { address: '127.0.0.1:7004', flags: ['master'], slots: 0, migrating: 0, importing: 1 },
    ]);
  });

  it('counts single slots and ranges alike, and skips lines too short to be a node', () => {
    const [n] = parseClusterNodes('x 127.0.0.1:1@2 master - 0 0 1 connected 1 3-4 9\ngarbage line');
    expect(n.slots).toBe(4);
    expect(parseClusterNodes('garbage line')).toEqual([]);
  });
});

describe("a master's state from its cluster", () => {
  const line = (s: string) => parseClusterNodes(s)[0];

  it('is up, with what is moving as a note, for a master handing some slots over', () => {
    expect(redisMembership(line(A), [])).toEqual({ note: 'migrating 1 slot out' });
    expect(redisMembership(line(B), [])).toEqual({});
  });

  it('is filling while it takes slots over or holds none yet', () => {
    expect(redisMembership(line(C), [])).toEqual({ filling: true, note: 'importing 1 slot' });
    expect(redisMembership(line('d 127.0.0.1:7005@1 myself,master - 0 0 5 connected'), [])).toEqual({
      filling: true,
      note: 'holds no slots',
    });
  });

  it('is leaving while it hands over its last slots', () => {
    const last = line('c 127.0.0.1:7004@1 myself,master - 0 0 4 connected 42 [42->-a1a1]');
    expect(redisMembership(last, [])).toEqual({ member: 'leaving', note: 'handing over its last 1 slot' });
  });

  it('is leaving once emptied of the slots it held earlier in the run; a master that never held any is filling', () => {
    const empty = line('d 127.0.0.1:7005@1 myself,master - 0 0 5 connected');
    expect(redisMembership(empty, [], true)).toEqual({ member: 'leaving', note: 'emptied: holds no slots' });
    expect(redisMembership(empty, [], false)).toEqual({ filling: true, note: 'holds no slots' });
  });

  it('is joining while any master sees it in handshake', () => {
    const hs = line('e 127.0.0.1:7006@1 handshake - 0 0 0 disconnected');
    expect(redisMembership(undefined, [hs])).toEqual({ member: 'joining', note: 'in handshake' });
  });

  it('is down when any master has failed it, and only suspected on a fail?', () => {
    const failed = line('b 127.0.0.1:7002@1 master,fail - 0 0 2 disconnected 5461-10922');
    const suspected = line('b 127.0.0.1:7002@1 master,fail? - 0 0 2 disconnected 5461-10922');
    expect(redisMembership(line(B), [failed])).toEqual({ down: true, note: 'failed by its cluster' });
    expect(redisMembership(line(B), [suspected])).toEqual({ note: 'suspected down by a peer' });
  });
});
