import type Redis from 'ioredis';
import type { Cluster } from 'ioredis';
import { keyFor, makeValue, Rng } from '../workers/load/keys';

/** The redis-mix load of the bare baselines: a random key, then GET (as a Buffer, as kvscope reads it) or SET. */
export function ioredisGetSet(
  client: Redis | Cluster,
  c: { keySpace: number; keyLength: number; valueSize: number; getShare: number; seed: number },
): () => Promise<unknown> {
  const rng = new Rng(c.seed);
  const value = makeValue(c.valueSize, rng);
  return () => {
    const key = keyFor(rng.int(c.keySpace), c.keyLength);
    return rng.next() < c.getShare ? client.getBuffer(key) : client.set(key, value);
  };
}
