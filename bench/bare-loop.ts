/**
 * (b) The baseline: a child process running the plainest closed ioredis loop
 * that produces the same load as kvscope's redis-mix: same in-flight count,
 * mix, key space, key length, value size and connection count, but no
 * histogram, no ticks, no per-op timeout, just a counter. Whatever kvscope
 * does on top of this is its instrumentation cost.
 */
import Redis from 'ioredis';
import { performance } from 'node:perf_hooks';
import { decodeMessage } from '../app/protocol/envelope';
import { keyFor, makeValue, Rng } from '../workers/load/keys';
import { ToBareSchema, type BareStart, type FromBare } from './bare-protocol';

// The parent owns Ctrl-C: it kills this process itself, after reporting.
process.on('SIGINT', () => undefined);
// Parent gone: nobody reads the result, and an orphan would keep loading redis.
process.on('disconnect', () => process.exit(0));

const EXIT_OK = 0;
const EXIT_FAILED = 1;

let started = false;

function send(m: FromBare, then: () => void): void {
  if (process.connected && process.send) process.send(m, undefined, undefined, then);
  else then();
}

process.on('message', (raw: unknown) => {
  const d = decodeMessage(ToBareSchema, raw);
  if (!d.ok || started) return;
  started = true;
  run(d.msg.data).catch((err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    send({ type: 'fatal', data: { message } }, () => process.exit(EXIT_FAILED));
  });
});

async function run(c: BareStart): Promise<void> {
  // Defaults everywhere a real quick-and-dirty loop would leave them; only a
  // failed connect must end instead of retrying forever.
  const client = new Redis({
    host: c.host,
    port: c.port,
    lazyConnect: true,
    enableAutoPipelining: c.autoPipelining,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined); // connect() rejects with the cause; errors mid-run are counted
  await client.connect();

  const rng = new Rng(c.seed);
  const value = makeValue(c.valueSize, rng);
  const measureFrom = performance.now() + c.warmupSeconds * 1000;
  const endAt = measureFrom + c.durationSeconds * 1000;
  let inFlight = 0;
  let ops = 0;
  let errors = 0;
  let stopped = false;
  let eluStart = performance.eventLoopUtilization();
  setTimeout(() => (eluStart = performance.eventLoopUtilization()), Math.max(0, measureFrom - performance.now()));

  await new Promise<void>((drained) => {
    // Counted like kvscope counts: every answer that arrives after warm-up,
    // including the ones still in flight at the end, over the measured seconds.
    const onAnswer = (): void => {
      inFlight--;
      if (performance.now() >= measureFrom) ops++;
      issue();
    };
    const onError = (): void => {
      inFlight--;
      if (performance.now() >= measureFrom) errors++;
      // A failure can come back in the same turn; yield so it cannot spin.
      setImmediate(issue);
    };
    function issue(): void {
      if (stopped || performance.now() >= endAt) {
        stopped = true;
        if (inFlight === 0) drained();
        return;
      }
      inFlight++;
      const key = keyFor(rng.int(c.keySpace), c.keyLength);
      const op = rng.next() < c.getShare ? client.getBuffer(key) : client.set(key, value);
      op.then(onAnswer, onError);
    }
    for (let i = 0; i < c.inFlight; i++) issue();
  });

  const elu = performance.eventLoopUtilization(eluStart).utilization;
  client.disconnect();
  const result: FromBare = { type: 'result', data: { ops, errors, opsPerSec: ops / c.durationSeconds, elu } };
  send(result, () => process.exit(EXIT_OK));
}
