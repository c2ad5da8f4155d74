/**
 * (b) The baseline: a child process running the plainest closed ioredis loop
 * that produces the same load as kvscope's redis-mix: same in-flight count,
 * mix, key space, key length, value size and connection count, but no
 * histogram, no ticks, no per-op timeout, just a counter (closed-loop.ts).
 * Whatever kvscope does on top of this is its instrumentation cost.
 */
import Redis from 'ioredis';
import { decodeMessage } from '../app/protocol/envelope';
import { ToBareSchema, type BareStart } from './bare-protocol';
import { bareChild, closedLoop } from './closed-loop';
import { ioredisGetSet } from './bare-ops';

async function run(c: BareStart) {
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
  const result = await closedLoop(c, ioredisGetSet(client, c));
  client.disconnect();
  return result;
}

bareChild((raw) => {
  const d = decodeMessage(ToBareSchema, { type: 'start', data: raw });
  return d.ok ? d.msg.data : undefined;
}, run);
