import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushChannel, Pushes } from '../../app/protocol/bridge';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { RunController } from '../../main/engine/run-controller';
import { makeFixture } from './fixtures';

/** Worker start-up, two seconds of run, the stop in order. */
const RUN_END_MS = 30_000;

describe('a window whose push listener throws', () => {
  const fx = makeFixture();
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
    fx.remove();
  });

  it('never stops the run, the other windows pushes or the process hosting the dashboard', async () => {
    const controller = new RunController(fx.runsDir);
    const seen: PushChannel[] = [];
    let thrown = 0;
    controller.subscribe(() => {
      thrown++;
      throw new Error('a broken window');
    });
    controller.subscribe((channel) => void seen.push(channel));
    const scenario = {
      name: 'throwing-listener',
      target: { kind: 'redis', port: redis.port },
      mix: { get: 1, set: 1 },
      warmupSeconds: 0,
      durationSeconds: 2,
    };
    const start = await controller.startRun({ scenario });
    expect(start.ok).toBe(true);
    const ended = new Promise<Pushes['runEnded']>((resolve) =>
      controller.subscribe((channel, data) => channel === 'runEnded' && resolve(data as Pushes['runEnded'])),
    );
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no runEnded push')), RUN_END_MS));
    const end = await Promise.race([ended, timeout]);
    expect(end.summary.status).toBe('done');
    expect(seen).toEqual(expect.arrayContaining(['runStarted', 'phase', 'sample', 'runEnded']));
    expect(thrown).toBeGreaterThan(3);
    expect((await controller.listRuns()).map((r) => r.status)).toEqual(['done']);
  });
});
