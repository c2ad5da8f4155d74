import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveState, Pushes, StartResult } from '../../app/protocol/bridge';
import { readRunFile } from '../../app/run/reader';
import { CATALOG } from '../../app/scenario/catalog';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { RunController } from '../../main/engine/run-controller';
import { startDashboardServer, type DashboardServer } from '../../main/serve/server';
import { BridgeClient } from './bridge-client';
import { makeFixture } from './fixtures';

/** A 2 s measured run plus start-up and stop; generous for a loaded CI box. */
const RUN_END_TIMEOUT_MS = 30_000;
/** Long enough that only stopRun ends it. */
const LONG_RUN_SECONDS = 120;

describe('kvscope serve: a live run over the WebSocket', () => {
  const fx = makeFixture();
  let redis: RedisServer;
  let server: DashboardServer;
  let pageA: BridgeClient;
  let pageB: BridgeClient;
  const scenario = (durationSeconds: number) => ({
    ...CATALOG.find((c) => c.name === 'redis-mix'),
    target: { kind: 'redis', port: redis.port },
    workers: 1,
    warmupSeconds: 0,
    durationSeconds,
  });

  beforeAll(async () => {
    redis = await startRedisServer();
    server = await startDashboardServer({
      host: '127.0.0.1',
      port: 0,
      rendererDir: fx.rendererDir,
      controller: new RunController(fx.runsDir),
      log: () => {},
    });
    pageA = await BridgeClient.connect(server.url, { bearer: server.secret });
    pageB = await BridgeClient.connect(server.url, { bearer: server.secret });
  });
  afterAll(async () => {
    pageA?.close();
    pageB?.close();
    await server?.close();
    await redis?.stop();
    fx.remove();
  });

  it('streams runStarted, phases, samples and runEnded to every page', async () => {
    const start = await pageA.request('startRun', { scenario: scenario(2) });
    const started = start.result as StartResult;
    expect(started).toMatchObject({ ok: true });
    if (!started.ok) return;
    const runId = started.runId;

    const busy = await pageB.request('startRun', { scenario: scenario(2) });
    expect(busy.result).toMatchObject({ ok: false, message: expect.stringMatching(/already in progress/) });

    const ended = await pageA.waitForPush((p) => p.channel === 'runEnded', RUN_END_TIMEOUT_MS);
    const end = ended.payload as Pushes['runEnded'];
    expect(end.runId).toBe(runId);
    expect(end.summary.status).toBe('done');
    expect(end.summary.total.ops).toBeGreaterThan(0);

    for (const page of [pageA, pageB]) {
      await page.waitForPush((p) => p.channel === 'runEnded', RUN_END_TIMEOUT_MS);
      const channels = page.pushes.map((p) => p.channel);
      expect(channels[0]).toBe('runStarted');
      expect(channels).toContain('phase');
      expect(channels.at(-1)).toBe('runEnded');
      const samples = page.pushes.filter((p) => p.channel === 'sample').map((p) => p.payload as Pushes['sample']);
      expect(samples.length).toBeGreaterThanOrEqual(2);
      expect(samples.every((s) => s.runId === runId)).toBe(true);
      expect(samples.some((s) => s.phase === 'run' && s.totals.count > 0)).toBe(true);
      // Histograms stay in the run file; the window gets percentiles.
      for (const s of samples) for (const op of Object.values(s.ops)) expect(op).not.toHaveProperty('hist');
      const phases = page.pushes.filter((p) => p.channel === 'phase').map((p) => (p.payload as Pushes['phase']).phase);
      expect(phases).toContain('running');
    }

    const state = (await pageB.request('getState')).result as LiveState;
    expect(state.run?.runId).toBe(runId);
    expect(state.summary?.status).toBe('done');
    expect(state.file).toBe(end.file);
    expect(end.file && existsSync(end.file)).toBe(true);
    expect(readRunFile(end.file ?? '').summary.status).toBe('done');
  });

  it('stopRun ends a running benchmark in order, as "stopped"', async () => {
    const start = (await pageA.request('startRun', { scenario: scenario(LONG_RUN_SECONDS) })).result as StartResult;
    expect(start.ok).toBe(true);
    if (!start.ok) return;
    const isOurs = (p: { payload: unknown }): boolean => (p.payload as { runId?: string }).runId === start.runId;
    await pageB.waitForPush((p) => p.channel === 'sample' && isOurs(p), RUN_END_TIMEOUT_MS);
    expect((await pageB.request('stopRun')).result).toEqual({ ok: true });
    const ended = await pageA.waitForPush((p) => p.channel === 'runEnded' && isOurs(p), RUN_END_TIMEOUT_MS);
    expect((ended.payload as Pushes['runEnded']).summary.status).toBe('stopped');
    expect((await pageA.request('stopRun')).result).toEqual({ ok: false });
  });
});
