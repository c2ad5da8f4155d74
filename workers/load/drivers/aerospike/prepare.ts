import Aerospike, { type Client } from 'aerospike';
import { QUERY_BIN, QUERY_INDEX } from '../../../../app/scenario/aerospike-target';
import type { DriverContext } from '../../driver';
import { keyFor } from '../../keys';
import { CODE, codeOf, describeError, type AerospikeSettings } from './config';
import { binValue } from './keys';

/** Puts kept in flight while prefilling: enough to fill a cluster quickly, few enough for a test node. */
const PREFILL_IN_FLIGHT = 64;
/** Progress is logged every this many records. */
const PREFILL_LOG_EVERY = 50_000;
/** How often index creation is polled, and for how long at most. */
const INDEX_POLL_MS = 200;
const INDEX_WAIT_MS = 60_000;
const VALUE_BIN = 'v';

/**
 * Before the run (worker 0 only, so the set is written once): the prefill
 * records, keys 0..prefill-1 with bins v (the value) and n (the key's index,
 * the query's range bin); and the query's secondary index when asked.
 */
export async function prepareSet(client: Client, ctx: DriverContext, t: AerospikeSettings, query: boolean): Promise<void> {
  if (ctx.workerId !== 0) return;
  if (t.prefill > 0) await prefill(client, ctx, t);
  if (query && t.createIndex) await ensureIndex(client, ctx, t);
}

async function prefill(client: Client, ctx: DriverContext, t: AerospikeSettings): Promise<void> {
  const s = ctx.scenario;
  const value = binValue(s, t, s.seed);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < t.prefill) {
      const i = next++;
      const key = new Aerospike.Key(t.namespace, t.set, keyFor(i, s.keyLength));
      await client.put(key, { [VALUE_BIN]: value, [QUERY_BIN]: i });
      if ((i + 1) % PREFILL_LOG_EVERY === 0) ctx.log('info', `prefill: ${i + 1} of ${t.prefill} records written`);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PREFILL_IN_FLIGHT, t.prefill) }, lane));
  } catch (err) {
    // eslint-disable-next-line preserve-caught-error -- the cause may carry the password; the message has it scrubbed
    throw new Error(`prefill of ${t.namespace}.${t.set} failed: ${describeError(err, t.password)}`);
  }
  ctx.log('info', `prefill: ${t.prefill} records in ${t.namespace}.${t.set}`);
}

async function ensureIndex(client: Client, ctx: DriverContext, t: AerospikeSettings): Promise<void> {
  try {
    const job = await client.createIndex({
      ns: t.namespace,
      set: t.set,
      bin: QUERY_BIN,
      index: QUERY_INDEX,
      datatype: Aerospike.indexDataType.NUMERIC,
    });
    await withTimeout(job.wait(INDEX_POLL_MS), INDEX_WAIT_MS, `index ${QUERY_INDEX} was not built within ${INDEX_WAIT_MS / 1000} s`);
    ctx.log('info', `created secondary index ${QUERY_INDEX} on ${t.namespace}.${t.set} bin ${QUERY_BIN}`);
  } catch (err) {
    if (codeOf(err) === CODE.INDEX_FOUND) return;
    // eslint-disable-next-line preserve-caught-error -- the cause may carry the password; the message has it scrubbed
    throw new Error(`cannot create the query's index ${QUERY_INDEX} on bin ${QUERY_BIN}: ${describeError(err, t.password)}`);
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}
