import Redis from 'ioredis';
import { keyFor, makeValue, Rng } from '../workers/load/keys';
import { CONNECT_TIMEOUT_MS } from '../app/host/connect-timeout';

/** Commands per pipeline: large enough to be quick, small enough to keep each reply batch modest. */
const BATCH = 1_000;
/** Filling 100k 1 KB values takes about a second; this bounds a stuck server. */
const PREFILL_TIMEOUT_MS = 60_000;
/** Any fixed seed: the content of the values does not matter, only their size. */
const VALUE_SEED = 7;

interface PrefillSettings {
  host: string;
  port: number;
  keySpace: number;
  keyLength: number;
  valueSize: number;
}

/**
 * Write every key of the scenario's key space once, so a GET finds a full
 * value from the first second whichever client runs first; otherwise the
 * first run of round 1 would read mostly misses (cheaper replies) and look faster.
 */
export async function prefill(o: PrefillSettings): Promise<void> {
  const client = new Redis({
    host: o.host,
    port: o.port,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined); // the failing command or connect() carries the cause
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`prefilling ${o.keySpace} keys took over ${PREFILL_TIMEOUT_MS / 1000} s`)),
      PREFILL_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([fill(client, o), timeout]);
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

async function fill(client: Redis, o: PrefillSettings): Promise<void> {
  await client.connect();
  const value = makeValue(o.valueSize, new Rng(VALUE_SEED));
  for (let from = 0; from < o.keySpace; from += BATCH) {
    const p = client.pipeline();
    for (let i = from; i < Math.min(o.keySpace, from + BATCH); i++) p.set(keyFor(i, o.keyLength), value);
    const results = await p.exec();
    const failed = results?.find(([err]) => err);
    if (failed) throw new Error(`prefill failed: ${String(failed[0])}`);
  }
}
