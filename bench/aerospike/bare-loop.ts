/**
 * The baseline of bench:aerospike: the plainest closed loop of the
 * `aerospike` client that makes the load of one kvscope worker running
 * aerospike-50-50 (same in-flight count, mix, keys, value, timeouts), with a
 * counter and nothing else. A GET of a missing key is an answer, as in kvscope.
 */
import Aerospike from 'aerospike';
import { performance } from 'node:perf_hooks';
import { parseSeedHosts } from '../../app/scenario/aerospike-target';
import { keyFor, makeValue, Rng } from '../../workers/load/keys';
import type { FromBare } from '../bare-protocol';
import { AsBareStartSchema, type AsBareStart } from './protocol';

const NOT_FOUND = 2;
const LOG_OFF = -1;

process.on('SIGINT', () => undefined);
process.on('disconnect', () => process.exit(0));

let started = false;
const send = (m: FromBare, then: () => void): void => {
  if (process.connected && process.send) process.send(m, undefined, undefined, then);
  else then();
};

process.on('message', (raw: unknown) => {
  const start = AsBareStartSchema.safeParse((raw as { data?: unknown } | null)?.data);
  if (!start.success || started) return;
  started = true;
  run(start.data).catch((err: unknown) => {
    send({ type: 'fatal', data: { message: err instanceof Error ? err.message : String(err) } }, () => process.exit(1));
  });
});

async function run(c: AsBareStart): Promise<void> {
  const policy = { totalTimeout: c.totalTimeoutMs, maxRetries: 0 };
  const client = await Aerospike.connect({
    hosts: parseSeedHosts(c.hosts).map((h) => ({ addr: h.addr, port: h.port })),
    log: { level: LOG_OFF },
    policies: { read: policy, write: policy },
  } as Aerospike.ConfigOptions);
  const rng = new Rng(c.seed);
  const bins = { v: makeValue(c.valueSize, rng) };
  const measureFrom = performance.now() + c.warmupSeconds * 1000;
  const endAt = measureFrom + c.durationSeconds * 1000;
  let inFlight = 0;
  let ops = 0;
  let errors = 0;
  let eluStart = performance.eventLoopUtilization();
  setTimeout(() => (eluStart = performance.eventLoopUtilization()), Math.max(0, measureFrom - performance.now()));
  await new Promise<void>((drained) => {
    const onAnswer = (): void => {
      inFlight--;
      if (performance.now() >= measureFrom) ops++;
      issue();
    };
    const onError = (err: { code?: number }): void => {
      if (err?.code === NOT_FOUND) return onAnswer();
      inFlight--;
      if (performance.now() >= measureFrom) errors++;
      setImmediate(issue);
    };
    function issue(): void {
      if (performance.now() >= endAt) {
        if (inFlight === 0) drained();
        return;
      }
      inFlight++;
      const key = new Aerospike.Key(c.namespace, c.set, keyFor(rng.int(c.keySpace), c.keyLength));
      const op: Promise<unknown> = rng.next() < c.getShare ? client.get(key) : client.put(key, bins);
      op.then(onAnswer, onError);
    }
    for (let i = 0; i < c.inFlight; i++) issue();
  });
  const elu = performance.eventLoopUtilization(eluStart).utilization;
  client.close();
  send({ type: 'result', data: { ops, errors, opsPerSec: ops / c.durationSeconds, elu } }, () => process.exit(0));
}
