import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../app/protocol/worker';
import { parseScenario, type ScenarioInput } from '../../app/scenario/schema';
import { NOT_FOUND, OK, type Driver, type IoCounters, runOnce } from '../../workers/load/driver';
import { createDriver as createFileDriver } from '../../workers/load/drivers/builtin-file';
import { createDriver as createKvDriver } from '../../workers/load/drivers/builtin-kv';
import { killAllTargets, TargetChild } from '../helpers/target-child';

const VALUE_SIZE = 50;
const FILE_SIZE = 100_000;
/** Far below the default, so timeouts and refusals must be reported quickly, not after a long wait. */
const SHORT_TIMEOUT_MS = 300;
const QUICK_MS = 2_000;

let workDir: string;
const drivers: Driver[] = [];
const sockets: Socket[] = [];
let silent: Server | undefined;

function makeDriver(kind: 'builtin-kv' | 'builtin-file', endpoint: Endpoint | undefined, extra: Partial<ScenarioInput> = {}) {
  const scenario = parseScenario({ target: { kind }, valueSize: VALUE_SIZE, inFlight: 4, ...extra });
  const io: IoCounters = { bytesIn: 0, bytesOut: 0 };
  const create = kind === 'builtin-kv' ? createKvDriver : createFileDriver;
  const driver = create({ scenario, endpoint, workerId: 0, io, log: () => undefined });
  drivers.push(driver);
  return { driver, io };
}

/** A port nothing listens on: bind one, then let it go. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const a = s.address();
  await new Promise<void>((r) => s.close(() => r()));
  return typeof a === 'object' && a ? a.port : 0;
}

/** Accepts connections and never answers. */
async function silentServer(): Promise<number> {
  silent = createServer((sock) => sockets.push(sock.on('error', () => undefined)));
  await new Promise<void>((r) => silent?.listen(0, '127.0.0.1', r));
  const a = silent.address();
  return typeof a === 'object' && a ? a.port : 0;
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'kvscope-drivers-'));
});

afterEach(async () => {
  await Promise.all(drivers.splice(0).map((d) => d.close()));
  for (const s of sockets.splice(0)) s.destroy();
  silent?.close();
  silent = undefined;
});

afterAll(async () => {
  killAllTargets();
  await rm(workDir, { recursive: true, force: true });
});

describe('builtin-kv driver', () => {
  let endpoint: Endpoint;
  beforeAll(async () => {
    const t = TargetChild.fork();
    const ready = await t.start({ kind: 'builtin-kv', mode: 'async', nTimes: 1 }, join(workDir, 'kv'));
    endpoint = { host: ready.host, port: ready.port };
  });

  it('puts and gets a key, and reports a missing key as NOT_FOUND', async () => {
    const { driver, io } = makeDriver('builtin-kv', endpoint);
    await driver.connect();
    expect(driver.versions).toEqual({ http: process.versions.node });
    const afterProbe = io.bytesIn;

    expect(await runOnce(driver, 'put', 'abcdef')).toBe(OK);
    const valueBytes = io.bytesOut;
    expect(valueBytes).toBeGreaterThan(VALUE_SIZE);
    expect(await runOnce(driver, 'get', 'abcdef')).toBe(OK);
    expect(io.bytesIn - afterProbe).toBe(valueBytes);
    expect(await runOnce(driver, 'get', 'zzzzzz')).toBe(NOT_FOUND);
  });

  it('keeps many operations in flight on its keep-alive pool', async () => {
    const { driver, io } = makeDriver('builtin-kv', endpoint);
    await driver.connect();
    const keys = Array.from({ length: 40 }, (_, i) => `key${i}`);
    expect(await Promise.all(keys.map((k) => runOnce(driver, 'put', k)))).toEqual(keys.map(() => OK));
    const bytesOut = io.bytesOut;
    expect(await Promise.all(keys.map((k) => runOnce(driver, 'get', k)))).toEqual(keys.map(() => OK));
    expect(io.bytesIn).toBeGreaterThanOrEqual(bytesOut);
  });

  it('sends the same JSON array of valueSize integers on every put', async () => {
    const { driver, io } = makeDriver('builtin-kv', endpoint, { valueSize: 3 });
    await runOnce(driver, 'put', 'small');
    const first = io.bytesOut;
    await runOnce(driver, 'put', 'small');
    expect(io.bytesOut).toBe(2 * first);
  });

  it('rejects an operation it does not know', async () => {
    const { driver } = makeDriver('builtin-kv', endpoint);
    await expect(runOnce(driver, 'delete', 'abc')).rejects.toThrow(/no operation "delete"/);
  });

  it('fails connect() at once with host:port when the connection is refused', async () => {
    const port = await closedPort();
    const { driver } = makeDriver('builtin-kv', { host: '127.0.0.1', port });
    const t0 = Date.now();
    await expect(driver.connect()).rejects.toThrow(`cannot connect to builtin-kv at 127.0.0.1:${port}: ECONNREFUSED`);
    expect(Date.now() - t0).toBeLessThan(QUICK_MS);
  });

  it('uses the scenario host and port when no endpoint is given', async () => {
    const port = await closedPort();
    const { driver } = makeDriver('builtin-kv', undefined, { target: { kind: 'builtin-kv', port, external: true } });
    await expect(driver.connect()).rejects.toThrow(`127.0.0.1:${port}`);
  });

  it('times out an operation the server never answers', async () => {
    const port = await silentServer();
    const { driver } = makeDriver('builtin-kv', { host: '127.0.0.1', port }, { opTimeoutMs: SHORT_TIMEOUT_MS });
    const t0 = Date.now();
    const err = await runOnce(driver, 'get', 'abc').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - t0).toBeGreaterThanOrEqual(SHORT_TIMEOUT_MS - 20);
    expect(Date.now() - t0).toBeLessThan(QUICK_MS);
    expect(driver.isTimeout(err)).toBe(true);
    expect(driver.isTimeout(new Error('boom'))).toBe(false);
    await expect(driver.connect()).rejects.toThrow(`no answer within ${SHORT_TIMEOUT_MS} ms`);
  });

  it('reports a refused connection during the run as an error, not a timeout', async () => {
    const port = await closedPort();
    const { driver } = makeDriver('builtin-kv', { host: '127.0.0.1', port });
    const err = await runOnce(driver, 'put', 'abc').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(driver.isTimeout(err)).toBe(false);
  });
});

describe('builtin-file driver', () => {
  let endpoint: Endpoint;
  beforeAll(async () => {
    const t = TargetChild.fork();
    const ready = await t.start({ kind: 'builtin-file', fileSize: FILE_SIZE, chunkSize: 4096 }, join(workDir, 'file'));
    endpoint = { host: ready.host, port: ready.port };
  });

  it('gets the whole file and counts its bytes', async () => {
    const { driver, io } = makeDriver('builtin-file', endpoint);
    await driver.connect();
    const before = io.bytesIn;
    expect(await runOnce(driver, 'get', 'ignored')).toBe(OK);
    expect(io.bytesIn - before).toBe(FILE_SIZE);
    await Promise.all([1, 2, 3, 4, 5].map(() => runOnce(driver, 'get', 'ignored')));
    expect(io.bytesIn - before).toBe(6 * FILE_SIZE);
    expect(io.bytesOut).toBe(0);
  });

  it('fails connect() with host:port when the connection is refused', async () => {
    const port = await closedPort();
    const { driver } = makeDriver('builtin-file', { host: '127.0.0.1', port });
    const t0 = Date.now();
    await expect(driver.connect()).rejects.toThrow(`cannot connect to builtin-file at 127.0.0.1:${port}: ECONNREFUSED`);
    expect(Date.now() - t0).toBeLessThan(QUICK_MS);
  });

  it('times out a get the server never answers', async () => {
    const port = await silentServer();
    const { driver } = makeDriver('builtin-file', { host: '127.0.0.1', port }, { opTimeoutMs: SHORT_TIMEOUT_MS });
    const err = await runOnce(driver, 'get', 'x').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(driver.isTimeout(err)).toBe(true);
  });
});
