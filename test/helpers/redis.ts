import { afterAll, beforeAll } from 'vitest';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';

/** A throw-away redis-server for the enclosing describe: started before its tests, stopped after them. */
export function useRedisServer(): () => RedisServer {
  let redis: RedisServer | undefined;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  return () => {
    if (!redis) throw new Error('the redis-server of this describe has not started');
    return redis;
  };
}
