/**
 * In-process stand-ins for ioredis, hazelcast-client and aerospike with the
 * few calls kvscope's drivers and the bare baselines make. Every answer comes
 * on the next turn of the event loop, many per turn (as a socket's do), half
 * the reads find nothing. Both sides of bench:drivers drive the same objects,
 * so what differs between them is kvscope's own code.
 */
import { EventEmitter } from 'node:events';
import type { ClientPackage } from '../../app/scenario/client-version';
import { CODE } from '../../workers/load/drivers/aerospike/config';

/** Hazelcast's default partition count. */
const PARTITIONS = 271;
/** Two members, as in bench:clusters. */
const MEMBERS = 2;
const VALUE = 'v'.repeat(100);
const VALUE_BUFFER = Buffer.from(VALUE);

type Settle = () => void;

/** Answers queued in this turn, all given on the next. */
class Turn {
  private due: Settle[] = [];
  private scheduled = false;
  private readonly flush = (): void => {
    const due = this.due;
    this.due = [];
    this.scheduled = false;
    for (let i = 0; i < due.length; i++) due[i]();
  };

  answer<T>(value: T): Promise<T> {
    return this.later((resolve) => resolve(value));
  }

  later<T>(settle: (resolve: (v: T) => void, reject: (e: unknown) => void) => void): Promise<T> {
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
    return new Promise<T>((resolve, reject) => this.due.push(() => settle(resolve, reject)));
  }
}

const turn = new Turn();
/** Every other read finds its key. */
let reads = 0;
const found = (): boolean => (reads++ & 1) === 0;

class FakeRedis extends EventEmitter {
  status = 'wait';
  connect(): Promise<void> {
    this.status = 'ready';
    return Promise.resolve();
  }
  getBuffer(key: string): Promise<Buffer | null> {
    if (key.length === 0) return Promise.reject(new Error('no key'));
    return turn.answer(found() ? VALUE_BUFFER : null);
  }
  set(key: string, value: string): Promise<string> {
    if (key.length === 0 || value.length === 0) return Promise.reject(new Error('no key or value'));
    return turn.answer('OK');
  }
  quit(): Promise<string> {
    this.status = 'end';
    return Promise.resolve('OK');
  }
  disconnect(): void {
    this.status = 'end';
  }
}

class FakeCluster extends FakeRedis {}

/** The partition service of one client: its lookup is what the client's map calls per operation, and what kvscope listens to. */
interface FakePartitions {
  getPartitionId(key: string): number;
  getPartitionCount(): number;
  getPartitionOwner(pid: number): { toString(): string };
}

/** A map that finds each key's partition through its client's service before it answers, as the real client's smart routing does. */
class FakeMap {
  constructor(private readonly partitions: FakePartitions) {}
  get(key: string): Promise<string | null> {
    if (key.length === 0) return Promise.reject(new Error('no key'));
    this.partitions.getPartitionId(key);
    return turn.answer(found() ? VALUE : null);
  }
  set(key: string, value: string): Promise<void> {
    if (key.length === 0 || value.length === 0) return Promise.reject(new Error('no key or value'));
    this.partitions.getPartitionId(key);
    return turn.answer(undefined);
  }
  remove(key: string): Promise<string | null> {
    return this.get(key);
  }
}

const uuid = (i: number) => ({ toString: () => `member-${i}` });
const members = Array.from({ length: MEMBERS }, (_, i) => ({ uuid: uuid(i), address: { toString: () => `127.0.0.1:${5701 + i}` } }));

/** A string hash in place of the client's serialize-and-murmur, run per operation on both sides, as the client runs its own. */
function partitionOf(key: string): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) | 0;
  return (h >>> 0) % PARTITIONS;
}

export class FakeHazelcastClient {
  /** One service object, as the real client holds: a lookup kvscope hooks on it is the one the map calls. */
  private readonly partitions: FakePartitions = {
    getPartitionId: partitionOf,
    getPartitionCount: () => PARTITIONS,
    getPartitionOwner: (pid: number) => members[pid % MEMBERS].uuid,
  };
  readonly map = new FakeMap(this.partitions);
  getMap(): Promise<FakeMap> {
    return Promise.resolve(this.map);
  }
  getPartitionService(): FakePartitions {
    return this.partitions;
  }
  getCluster() {
    return { getMembers: () => members };
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

const notFound = Object.assign(new Error('AEROSPIKE_ERR_RECORD_NOT_FOUND'), { code: CODE.NOT_FOUND });
const record = { bins: { v: VALUE } };

export class FakeAerospikeClient {
  get(key: { key: unknown }): Promise<typeof record> {
    if (key.key === undefined) return Promise.reject(new Error('no key'));
    return turn.later((resolve, reject) => (found() ? resolve(record) : reject(notFound)));
  }
  put(key: { key: unknown }, bins: Record<string, unknown>): Promise<unknown> {
    if (key.key === undefined || bins.v === undefined) return Promise.reject(new Error('no key or bins'));
    return turn.answer(key);
  }
  remove(key: { key: unknown }): Promise<unknown> {
    return this.get(key);
  }
  getNodes(): unknown[] {
    return members;
  }
  close(): void {}
}

/**
 * The modules kvscope's drivers load (client-module.ts), by package name:
 * the fakes above in place of the network calls, the real package's own
 * classes (aerospike's Key, hazelcast's error classes) kept, so both sides
 * build the same objects.
 */
export const FAKE_MODULES: Record<ClientPackage, () => unknown> = {
  ioredis: () => ({ default: FakeRedis, Cluster: FakeCluster }),
  'hazelcast-client': () => ({
    ...(require('hazelcast-client') as object),
    Client: { newHazelcastClient: () => Promise.resolve(new FakeHazelcastClient()) },
  }),
  aerospike: () => ({ ...(require('aerospike') as object), connect: () => Promise.resolve(new FakeAerospikeClient()) }),
};

export const fakeRedis = (): FakeRedis => new FakeRedis();
export const fakeCluster = (): FakeCluster => new FakeCluster();
