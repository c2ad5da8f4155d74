import type { Client } from 'aerospike';
import { aerospikeModule } from './module';
import { QUERY_BIN, QUERY_INDEX } from '../../../../app/scenario/aerospike-target';
import type { DriverContext } from '../../driver';
import { keyFor } from '../../keys';
import { prefillKeys } from '../../prefill';
import { CODE, codeOf, describeError, type AerospikeSettings } from './config';
import { binValues, VALUE_BIN } from './keys';

/** How often index creation is polled, and for how long at most. */
const INDEX_POLL_MS = 200;
const INDEX_WAIT_MS = 60_000;

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
  const values = binValues(s, t, s.seed);
  const { Key } = aerospikeModule();
  const put = (i: number) =>
    client.put(new Key(t.namespace, t.set, keyFor(i, s.keyLength)), { [VALUE_BIN]: values.next().value, [QUERY_BIN]: i });
  try {
    await prefillKeys(ctx, t.prefill, { noun: 'records', where: `${t.namespace}.${t.set}` }, put);
  } catch (err) {
    // eslint-disable-next-line preserve-caught-error -- the cause may carry the password; the message has it scrubbed
    throw new Error(`prefill of ${t.namespace}.${t.set} failed: ${describeError(err, t.password)}`);
  }
}

async function ensureIndex(client: Client, ctx: DriverContext, t: AerospikeSettings): Promise<void> {
  try {
    const job = await client.createIndex({
      ns: t.namespace,
      set: t.set,
      bin: QUERY_BIN,
      index: QUERY_INDEX,
      datatype: aerospikeModule().indexDataType.NUMERIC,
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
