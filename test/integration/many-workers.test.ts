import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { useRedisServer } from '../helpers/redis';
import { MAX_WORKERS_PER_CORE } from '../../main/engine/wait-workers';
import { runScenario, waitGone } from '../helpers/run';

/** The most workers the schema allows on this box's worth of test time; starting them takes a while on 2 cores. */
const MANY = 64;
const CROWDED = /workers on \d+ core\(s\) is over \d+ per core/;

describe('more workers than cores', () => {
  const redis = useRedisServer();

  it(`warns before the start when over ${MAX_WORKERS_PER_CORE} per core`, async () => {
    const workers = availableParallelism() * MAX_WORKERS_PER_CORE + 1;
    const { summary, logs, run, samples } = await runScenario({
      target: { kind: 'redis', port: redis().port },
      workers,
      inFlight: 1,
      warmupSeconds: 0,
      durationSeconds: 1,
    });
    expect(summary.status).toBe('done');
    // Each second carries the machine's CPU, which the saturation rule reads when workers outnumber cores.
    expect(samples.length).toBeGreaterThan(0);
    for (const s of samples) {
      expect(s.machine?.cores, `second ${s.second} of ${samples.length}`).toBe(availableParallelism());
      expect(s.machine?.cpu).toBeGreaterThan(0);
      expect(s.machine?.cpu).toBeLessThanOrEqual(1);
    }
    const warning = logs.findIndex((l) => l.level === 'warn' && l.source === 'main' && CROWDED.test(l.message));
    expect(warning).toBeGreaterThanOrEqual(0);
    // Before any worker said a word: the warning comes before they are started.
    const firstWorker = logs.findIndex((l) => l.source.startsWith('worker'));
    expect(firstWorker === -1 || warning < firstWorker).toBe(true);
    expect(await waitGone(run.workerPids, 10_000)).toEqual([]);
  }, 60_000);

  it(`${MANY} workers start, or fail with a clear reason, within their deadline`, async () => {
    const started = Date.now();
    const { summary, logs, run } = await runScenario({
      target: { kind: 'redis', port: redis().port },
      workers: MANY,
      inFlight: 1,
      warmupSeconds: 0,
      durationSeconds: 1,
    });
    console.log(`${MANY} workers: ${summary.status} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (summary.status !== 'done') expect(logs.find((l) => l.level === 'error')?.message).toMatch(/did not connect within \d+ s/);
    expect(logs.some((l) => CROWDED.test(l.message))).toBe(true);
    expect(await waitGone(run.workerPids, 15_000)).toEqual([]);
  }, 120_000);
});
