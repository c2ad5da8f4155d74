import { afterEach, describe, expect, it } from 'vitest';
import { localTools } from '../../app/host/local-tools';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('what the machine has for local clusters', () => {
  it('finds redis-server and java on PATH here (the tests need both)', () => {
    const t = localTools();
    expect(t.redis).toMatchObject({ available: true });
    expect(t.redis.detail).toMatch(/redis-server at \//);
    expect(t.hazelcast.available).toBe(true);
  });

  it('says what is missing and how to get it', () => {
    process.env = { ...saved, PATH: '/nonexistent', KVSCOPE_REDIS_SERVER: '', KVSCOPE_JAVA: '' };
    delete process.env.KVSCOPE_REDIS_SERVER;
    delete process.env.KVSCOPE_JAVA;
    const t = localTools();
    expect(t.redis).toEqual({
      available: false,
      detail: 'redis-server not found on PATH: install it (Debian: apt-get install redis-server) or set KVSCOPE_REDIS_SERVER',
    });
    expect(t.hazelcast.available).toBe(false);
    expect(t.hazelcast.detail).toMatch(/^java not found on PATH/);
  });
});
