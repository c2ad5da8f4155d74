import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../app/scenario/schema';
import { NOT_FOUND, OK, type Driver, type DriverContext, runOnce } from '../../workers/load/driver';
import { createDriver } from '../../workers/load/drivers/redis';
import { freePort } from '../../workers/local/free-port';
import { keyFor } from '../../workers/load/keys';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';

const VALUE_SIZE = 300;
// Ops issued in one turn, so auto-pipelining has something to batch.
const BURST = 200;
// A refused port must fail fast, well under any retry schedule.
const REFUSED_LIMIT_MS = 10_000;
const PASSWORD = 'right-pass-7c1e';
const WRONG_PASSWORD = 'wrong-pass-94ab';

interface Harness {
  driver: Driver;
  ctx: DriverContext;
  logs: string[];
}

function harness(port: number, target: Record<string, unknown> = {}, scenario: Record<string, unknown> = {}): Harness {
  const logs: string[] = [];
  const ctx: DriverContext = {
    scenario: parseScenario({ target: { kind: 'redis', host: '127.0.0.1', port, ...target }, valueSize: VALUE_SIZE, ...scenario }),
    workerId: 0,
    io: { bytesIn: 0, bytesOut: 0 },
    log: (level, message) => void logs.push(`${level}: ${message}`),
  };
  return { driver: createDriver(ctx), ctx, logs };
}

/** Connects, runs `body`, and always closes the driver. */
async function withDriver(h: Harness, body: (d: Driver) => Promise<void>): Promise<void> {
  try {
    await h.driver.connect();
    await body(h.driver);
  } finally {
    await h.driver.close();
  }
}

describe('redis driver', () => {
  let server: RedisServer;
  let plain: Redis;

  beforeAll(async () => {
    server = await startRedisServer();
    plain = new Redis({ host: server.host, port: server.port, lazyConnect: true });
    await plain.connect();
  });

  afterAll(async () => {
    plain?.disconnect();
    await server?.stop();
  });

  it('sets and gets a value of valueSize bytes and counts the bytes', async () => {
    const h = harness(server.port);
    await withDriver(h, async (d) => {
      expect(await runOnce(d, 'set', 'k-one')).toBe(OK);
      expect(await plain.strlen('k-one')).toBe(VALUE_SIZE);
      expect(h.ctx.io.bytesOut).toBeGreaterThanOrEqual(VALUE_SIZE);
      expect(await runOnce(d, 'get', 'k-one')).toBe(OK);
      expect(h.ctx.io.bytesIn).toBe(VALUE_SIZE);
      expect(await runOnce(d, 'get', 'k-missing')).toBe(NOT_FOUND);
      expect(h.ctx.io.bytesIn).toBe(VALUE_SIZE);
      await expect(runOnce(d, 'del', 'k-one')).rejects.toThrow(/del/);
    });
    expect(h.driver.versions.ioredis).toMatch(/^\d+\.\d+\.\d+/);
    expect(h.logs.join('\n')).toMatch(/connected to redis at 127\.0\.0\.1:\d+/);
  });

  it("writes values of valueSizes' sizes, each by its weight, and counts their bytes", async () => {
    const sizes = [
      { size: 20, weight: 3 },
      { size: 2000, weight: 1 },
    ];
    const h = harness(server.port, {}, { valueSizes: { kind: 'weighted', sizes } });
    const keys = Array.from({ length: 400 }, (_, i) => `vs-${i}`);
    await withDriver(h, async (d) => {
      for (const k of keys) expect(await runOnce(d, 'set', k)).toBe(OK);
    });
    const lengths = await Promise.all(keys.map((k) => plain.strlen(k)));
    expect(new Set(lengths)).toEqual(new Set([20, 2000]));
    expect(lengths.filter((n) => n === 20).length / keys.length).toBeCloseTo(0.75, 1);
    const keyBytes = keys.reduce((a, k) => a + k.length, 0);
    expect(h.ctx.io.bytesOut).toBe(keyBytes + lengths.reduce((a, b) => a + b, 0));
  });

  it("prefills keys 0 up from worker 0 before the run, with values of the run's size", async () => {
    const h = harness(server.port, { prefill: 250 }, { keyLength: 6 });
    await plain.del(keyFor(0, 6), keyFor(249, 6), keyFor(250, 6));
    await withDriver(h, async () => undefined);
    expect(await plain.strlen(keyFor(0, 6))).toBe(VALUE_SIZE);
    expect(await plain.strlen(keyFor(249, 6))).toBe(VALUE_SIZE);
    expect(await plain.exists(keyFor(250, 6))).toBe(0);
    expect(h.logs.join('\n')).toMatch(/prefill: 250 keys in 127\.0\.0\.1:\d+/);
  });

  for (const autoPipelining of [true, false]) {
    it(`runs a burst with auto-pipelining ${autoPipelining ? 'on' : 'off'}`, async () => {
      const h = harness(server.port, { autoPipelining });
      await withDriver(h, async (d) => {
        const keys = Array.from({ length: BURST }, (_, i) => `ap-${autoPipelining}-${i}`);
        expect(new Set(await Promise.all(keys.map((k) => runOnce(d, 'set', k))))).toEqual(new Set([OK]));
        expect(new Set(await Promise.all(keys.map((k) => runOnce(d, 'get', k))))).toEqual(new Set([OK]));
        expect(h.ctx.io.bytesIn).toBe(BURST * VALUE_SIZE);
      });
    });
  }

  it('opens target.connections connections and uses them all', async () => {
    const clients = async (): Promise<string[]> =>
      String(await plain.client('LIST'))
        .trim()
        .split('\n');
    const before = (await clients()).length;
    const h = harness(server.port, { connections: 2 });
    await withDriver(h, async (d) => {
      expect(await clients()).toHaveLength(before + 2);
      expect(await runOnce(d, 'set', 'two-a')).toBe(OK);
      expect(await runOnce(d, 'set', 'two-b')).toBe(OK);
      // Round robin: each connection's last command was one of the driver's.
      expect((await clients()).filter((line) => / cmd=set /.test(line))).toHaveLength(2);
      expect(await runOnce(d, 'get', 'two-a')).toBe(OK);
      expect(await runOnce(d, 'get', 'two-b')).toBe(OK);
    });
  });

  it('rejects a refused port quickly with the address and the cause', async () => {
    const port = await freePort();
    const h = harness(port);
    const started = Date.now();
    const err = await h.driver.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(REFUSED_LIMIT_MS);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain(`127.0.0.1:${port}`);
    expect((err as Error).message).toContain('ECONNREFUSED');
    await h.driver.close();
  });
});

describe('redis driver with a password', () => {
  let server: RedisServer;

  beforeAll(async () => {
    server = await startRedisServer({ password: PASSWORD });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('authenticates with the right password', async () => {
    const h = harness(server.port, { password: PASSWORD });
    await withDriver(h, async (d) => {
      expect(await runOnce(d, 'set', 'auth-k')).toBe(OK);
      expect(await runOnce(d, 'get', 'auth-k')).toBe(OK);
    });
    expect(h.logs.join('\n')).not.toContain(PASSWORD);
  });

  it('fails clearly with a wrong password and never shows it', async () => {
    const h = harness(server.port, { password: WRONG_PASSWORD });
    const err = await h.driver.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    await h.driver.close();
    expect(err).toBeInstanceOf(Error);
    const message = (err as Error).message;
    expect(message).toContain(`127.0.0.1:${server.port}`);
    expect(message).toMatch(/authentication failed/);
    expect(message).not.toContain(WRONG_PASSWORD);
    expect(String((err as Error).stack)).not.toContain(WRONG_PASSWORD);
    expect(h.logs.join('\n')).not.toContain(WRONG_PASSWORD);
  });

  it('says a password is needed when none is given', async () => {
    const h = harness(server.port);
    const err = await h.driver.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    await h.driver.close();
    expect((err as Error).message).toMatch(/requires a password/);
  });
});
