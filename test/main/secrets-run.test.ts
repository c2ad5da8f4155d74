import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushChannel } from '../../app/protocol/bridge';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { RunController } from '../../main/engine/run-controller';
import { makeFixture } from './fixtures';

const SECRET = 'hunter2-never-shown';
/** Worker start-up plus the first second. */
const FIRST_SAMPLE_MS = 30_000;

describe('a password given to a run stays in main', () => {
  const fx = makeFixture();
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer({ password: SECRET });
  });
  afterAll(async () => {
    await redis?.stop();
    fx.remove();
  });

  it('is *** in getState and every push during and after the run, in the runs list, the opened run, its file and its logs', async () => {
    const controller = new RunController(fx.runsDir);
    const pushes: { channel: PushChannel; data: unknown }[] = [];
    controller.subscribe((channel, data) => void pushes.push({ channel, data }));
    const scenario = {
      name: 'secret-run',
      target: { kind: 'redis', port: redis.port, password: SECRET },
      mix: { get: 1, set: 1 },
      warmupSeconds: 0,
      durationSeconds: 2,
    };
    const start = await controller.startRun({ scenario });
    expect(start.ok).toBe(true);
    const until = Date.now() + FIRST_SAMPLE_MS;
    while (!pushes.some((p) => p.channel === 'sample') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const during = await controller.getState();
    expect(during.phase).not.toBe('idle');
    expect((during.run?.scenario.target as { password?: string }).password).toBe('***');
    expect(JSON.stringify(during)).not.toContain(SECRET);
    await controller.shutdown();
    await new Promise((r) => setTimeout(r, 100));
    const ended = pushes.find((p) => p.channel === 'runEnded')?.data as { summary: { status: string }; file: string };
    // It really ran with the password: the server answered.
    expect(ended.summary.status).not.toBe('failed');
    expect(pushes.find((p) => p.channel === 'runStarted')).toBeDefined();
    const runs = await controller.listRuns();
    const opened = await controller.openRun({ file: runs[0].file });
    const file = readFileSync(ended.file, 'utf8');
    for (const seen of [
      JSON.stringify(pushes),
      JSON.stringify(await controller.getState()),
      JSON.stringify(runs),
      JSON.stringify(opened),
      file,
    ]) {
      expect(seen).not.toContain(SECRET);
    }
  });
});
