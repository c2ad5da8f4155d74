import { describe, expect, it } from 'vitest';
import { ClientOfflineError, HazelcastError, TargetDisconnectedError, ClientNotActiveError } from 'hazelcast-client';
import { parseScenario } from '../../app/scenario/schema';
import type { Driver, DriverContext, DriverFactory } from '../../workers/load/driver';
import { createAerospikeDriver } from '../../workers/load/drivers/aerospike/driver';
import { createDriver as createBuiltinFile } from '../../workers/load/drivers/builtin-file';
import { createDriver as createBuiltinKv } from '../../workers/load/drivers/builtin-kv';
import { createHazelcastDriver } from '../../workers/load/drivers/hazelcast/driver';
import { unavailableErrors4x } from '../../workers/load/drivers/hazelcast/connect-4x';
import * as hazelcast from 'hazelcast-client';
import { createDriver as createRedis } from '../../workers/load/drivers/redis';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors';
import { isUnreachable } from '../../workers/load/connection-failure';
import { OpTimeoutError } from '../../workers/load/drivers/http-client';

const errno = (code: string): Error => Object.assign(new Error(`socket ${code}`), { code });
const coded = (code: number): Error => Object.assign(new Error(`aerospike error ${code}`), { code });

/** The factories as the worker picks them (drivers/index.ts loads them lazily with require). */
const FACTORIES: Record<string, DriverFactory> = {
  redis: createRedis,
  'builtin-kv': createBuiltinKv,
  'builtin-file': createBuiltinFile,
  aerospike: createAerospikeDriver,
  hazelcast: createHazelcastDriver,
};

function driver(target: Record<string, unknown>): Driver {
  const scenario = parseScenario({ target });
  const ctx: DriverContext = { scenario, workerId: 0, io: { bytesIn: 0, bytesOut: 0 }, log: () => undefined };
  return FACTORIES[scenario.target.kind](ctx);
}

/** What the loop asks: the driver's own check, else the generic one. */
const unavailable = (d: Driver, err: unknown): boolean => isUnreachable(d, err);

const SOCKET = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].map(errno);
const ANSWERS = [
  new Error('WRONGTYPE Operation against a key holding the wrong kind of value'),
  new Error('HTTP 500 Internal Server Error for GET /k'),
];

describe('connection failures: unavailable, not errors', () => {
  it('redis (ioredis): socket errors, a closed connection, no offline queue, max retries', async () => {
    const d = driver({ kind: 'redis', port: 6379 });
    const down = [
      ...SOCKET,
      new Error('Connection is closed.'),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new MaxRetriesPerRequestError(1) as unknown as Error, // redis-errors ships no types, so its base class looks empty
    ];
    for (const e of down) expect(unavailable(d, e), e.message).toBe(true);
    for (const e of ANSWERS) expect(unavailable(d, e), e.message).toBe(false);
    await d.close();
  });

  it('builtin-kv and builtin-file (HTTP): socket errors, not timeouts or bad statuses', async () => {
    for (const kind of ['builtin-kv', 'builtin-file']) {
      const d = driver({ kind, external: true, port: 1 });
      for (const e of SOCKET) expect(unavailable(d, e), `${kind} ${e.message}`).toBe(true);
      for (const e of [...ANSWERS, new OpTimeoutError(5)]) expect(unavailable(d, e), `${kind} ${e.message}`).toBe(false);
      await d.close();
    }
  });

  it('aerospike: connection, invalid node and circuit-breaker codes; not not-found or timeout', () => {
    const d = driver({ kind: 'aerospike', hosts: '127.0.0.1:3000' });
    for (const e of [coded(-10), coded(-8), coded(-14), ...SOCKET]) expect(unavailable(d, e), e.message).toBe(true);
    for (const e of [coded(2), coded(9), coded(13), ...ANSWERS]) expect(unavailable(d, e), e.message).toBe(false);
  });

  it('hazelcast: client offline, not active, member gone; not other client errors', () => {
    const d = driver({ kind: 'hazelcast' });
    // Its error classes are its connected session's (the client's API generation): here the bundled 5.x client's.
    Object.assign(d, { session: { unavailableErrors: unavailableErrors4x(hazelcast) } });
    const down = [new ClientOfflineError(), new ClientNotActiveError('shut down'), new TargetDisconnectedError('member left')];
    for (const e of down) expect(unavailable(d, e), e.message).toBe(true);
    for (const e of [new HazelcastError('bad'), ...ANSWERS]) expect(unavailable(d, e), e.message).toBe(false);
  });
});
