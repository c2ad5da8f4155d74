import { afterAll, describe, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../../bench/redis-server';
import { clientSaturated } from '../../app/metrics/limits';
import type { Sample } from '../../app/metrics/sample';
import { BACKOFF_MAX_MS, BACKOFF_MIN_MS } from '../../workers/load/backoff';
import { runScenario, waitGone } from '../helpers/run';

const WORKERS = 2;
const IN_FLIGHT = 32;
/** The server is stopped once this second is out... */
const STOP_AFTER_SECOND = 1;
/** ...and from this second on it has been down for the whole second. */
const DOWN_FROM = STOP_AFTER_SECOND + 2;
/** Without back-off a worker spun at 100 %; with it the loop is mostly idle. */
const MAX_DOWN_ELU = 0.5;
/**
 * The most failures one slot can make in any second of an outage: one per
 * back-off step until the wait reaches BACKOFF_MAX_MS, then one a second.
 * 2 workers x 32 slots x 10 = 640/s; without back-off there were ~60,000-90,000.
 */
const STEPS_TO_CAP = Math.ceil(Math.log2(BACKOFF_MAX_MS / BACKOFF_MIN_MS)) + 1;
const MAX_FAILURES_PER_SECOND = WORKERS * IN_FLIGHT * (STEPS_TO_CAP + 1);

const failed = (s: Sample): number => Object.values(s.ops).reduce((a, o) => a + o.errors + o.timeouts + (o.unavailable ?? 0), 0);
const unavailable = (s: Sample): number => Object.values(s.ops).reduce((a, o) => a + (o.unavailable ?? 0), 0);

describe('a target that goes away mid-run', () => {
  let redis: RedisServer | undefined;
  afterAll(async () => {
    await redis?.stop();
  });

  it('is not hammered: unavailable counts, back-off, an idle loop and no saturation warning', async () => {
    redis = await startRedisServer();
    const server = redis;
    const { samples, summary, run } = await runScenario(
      { target: { kind: 'redis', port: server.port }, workers: WORKERS, inFlight: IN_FLIGHT, warmupSeconds: 0, durationSeconds: 6 },
      (_r, s) => {
        if (s.second === STOP_AFTER_SECOND) void server.stop();
      },
    );
    const up = samples.filter((s) => s.second <= STOP_AFTER_SECOND);
    const down = samples.filter((s) => s.second >= DOWN_FROM);
    expect(up.every((s) => s.totals.count > 0)).toBe(true);
    expect(down.length).toBeGreaterThanOrEqual(2);
    const elus = down.flatMap((s) => s.workers.map((w) => w.elu));
    const meanElu = elus.reduce((a, b) => a + b, 0) / elus.length;
    const perSecond = down.map(failed);
    // Kept in the test output: the numbers the report quotes.
    console.log(
      `while down: mean elu ${meanElu.toFixed(3)}, failures/s ${perSecond.join(', ')}, unavailable/s ${down.map(unavailable).join(', ')}`,
    );
    expect(down.every((s) => s.totals.count === 0)).toBe(true);
    expect(down.every((s) => unavailable(s) > 0)).toBe(true);
    // Unavailable operations are no latency samples: the second's histogram is empty.
    expect(down.every((s) => s.latency.p50 === 0 && s.latency.max === 0)).toBe(true);
    expect(meanElu).toBeLessThan(MAX_DOWN_ELU);
    expect(Math.max(...perSecond)).toBeLessThan(MAX_FAILURES_PER_SECOND);
    expect(down.some(clientSaturated)).toBe(false);
    expect(summary.saturatedSeconds).toBeLessThanOrEqual(samples.length - down.length);
    const total = summary.total.unavailable ?? 0;
    expect(total).toBe(samples.filter((s) => s.phase === 'run').reduce((a, s) => a + unavailable(s), 0));
    expect(await waitGone(run.workerPids, 5000)).toEqual([]);
  }, 30_000);
});
