/**
 * The operations of the bare baselines, one function per client: a random
 * key, then a read or a write, nothing else. The bare loops run them against
 * real servers; bench:drivers runs them against in-process stand-ins beside
 * kvscope's drivers.
 */
import { CODE } from '../workers/load/drivers/aerospike/config';
import { keyFor, makeValue, Rng } from '../workers/load/keys';

export interface BareMix {
  keySpace: number;
  keyLength: number;
  valueSize: number;
  getShare: number;
  seed: number;
}

/** A random key, then a read or a write of one value: the shape of every bare baseline's operation. */
function readOrWrite(
  read: (key: string) => Promise<unknown>,
  write: (key: string, value: string) => Promise<unknown>,
  c: BareMix,
): () => Promise<unknown> {
  const rng = new Rng(c.seed);
  const value = makeValue(c.valueSize, rng);
  return () => {
    const key = keyFor(rng.int(c.keySpace), c.keyLength);
    return rng.next() < c.getShare ? read(key) : write(key, value);
  };
}

/** ioredis, one server or a cluster: GET as a Buffer (as kvscope reads it) or SET. */
export const ioredisGetSet = (
  client: { getBuffer(key: string): Promise<unknown>; set(key: string, value: string): Promise<unknown> },
  c: BareMix,
): (() => Promise<unknown>) =>
  readOrWrite(
    (k) => client.getBuffer(k),
    (k, v) => client.set(k, v),
    c,
  );

/** A hazelcast-client IMap: get or set. */
export const hazelcastGetSet = (
  map: { get(key: string): Promise<unknown>; set(key: string, value: string): Promise<unknown> },
  c: BareMix,
): (() => Promise<unknown>) =>
  readOrWrite(
    (k) => map.get(k),
    (k, v) => map.set(k, v),
    c,
  );

type AsKey = new (ns: string, set: string, key: string) => unknown;

/** The aerospike client: get or put of one bin `v` (a missing record rejects; the loop counts it as an answer). */
export function aerospikeGetPut(
  Key: AsKey,
  client: { get(key: never): Promise<unknown>; put(key: never, bins: Record<string, unknown>): Promise<unknown> },
  c: BareMix & { namespace: string; set: string },
): () => Promise<unknown> {
  const rng = new Rng(c.seed);
  const bins = { v: makeValue(c.valueSize, rng) };
  return () => {
    const key = new Key(c.namespace, c.set, keyFor(rng.int(c.keySpace), c.keyLength)) as never;
    return rng.next() < c.getShare ? client.get(key) : client.put(key, bins);
  };
}

/** The aerospike client rejects a read of a missing record; for the loop that is an answer. */
export const aerospikeNotFound = (err: unknown): boolean => (err as { code?: unknown } | null)?.code === CODE.NOT_FOUND;
