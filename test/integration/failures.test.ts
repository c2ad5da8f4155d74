import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../workers/local/free-port';
import { startRedisServer } from '../../bench/redis-server';
import { useRedisServer } from '../helpers/redis';
import { runScenario, waitGone } from '../helpers/run';

/** A refused connection must end the run well before any generic timeout. */
const REFUSED_LIMIT_MS = 15_000;

describe('failures', () => {
  const redis = useRedisServer();

  it('a worker killed mid-run is reported and the run goes on with the rest', async () => {
    let killed = 0;
    const { summary, samples, logs, run } = await runScenario(
      { target: { kind: 'redis', port: redis().port }, workers: 2, inFlight: 4, warmupSeconds: 0, durationSeconds: 4 },
      (r, s) => {
        if (s.second === 0) {
          killed = r.workerPids[0];
          process.kill(killed, 'SIGKILL');
        }
      },
    );
    expect(killed).toBeGreaterThan(0);
    expect(summary.status).toBe('done');
    expect(logs.some((l) => l.level === 'error' && /worker 0 killed by SIGKILL/.test(l.message))).toBe(true);
    const last = samples[samples.length - 1];
    expect(last.workers.map((w) => w.id)).toEqual([1]);
    expect(last.totals.count).toBeGreaterThan(0);
    expect(samples.length).toBe(4);
    expect(await waitGone(run.workerPids, 5000)).toEqual([]);
  });

  it('fails cleanly when every worker dies', async () => {
    const { summary, logs, run } = await runScenario(
      { target: { kind: 'redis', port: redis().port }, workers: 2, warmupSeconds: 0, durationSeconds: 30 },
      (r, s) => s.second === 0 && r.workerPids.forEach((p) => process.kill(p, 'SIGKILL')),
    );
    expect(summary.status).toBe('failed');
    expect(logs.filter((l) => /killed by SIGKILL/.test(l.message))).toHaveLength(2);
    expect(await waitGone(run.workerPids, 5000)).toEqual([]);
  });

  it('a redis port that refuses connections fails with a clear error, without hanging', async () => {
    const port = await freePort();
    const started = Date.now();
    const { summary, logs, samples, run } = await runScenario({ target: { kind: 'redis', port }, workers: 2, durationSeconds: 30 });
    expect(Date.now() - started).toBeLessThan(REFUSED_LIMIT_MS);
    expect(summary.status).toBe('failed');
    expect(samples).toHaveLength(0);
    expect(logs.find((l) => l.level === 'error')?.message).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}.*ECONNREFUSED`));
    expect(await waitGone(run.workerPids, 5000)).toEqual([]);
  });

  it('an HTTP target that refuses connections fails with a clear error, without hanging', async () => {
    const port = await freePort();
    const started = Date.now();
    const { summary, logs } = await runScenario({ target: { kind: 'builtin-kv', external: true, port }, durationSeconds: 30 });
    expect(Date.now() - started).toBeLessThan(REFUSED_LIMIT_MS);
    expect(summary.status).toBe('failed');
    expect(logs.find((l) => l.level === 'error')?.message).toMatch(/ECONNREFUSED/);
  });

  it('a stalled server shows as timeouts within the op timeout, and the run ends on time', async () => {
    const stalled = await startRedisServer();
    try {
      const started = Date.now();
      const { summary, samples } = await runScenario(
        { target: { kind: 'redis', port: stalled.port }, workers: 1, inFlight: 4, warmupSeconds: 0, durationSeconds: 4, opTimeoutMs: 300 },
        (_r, s) => {
          if (s.second !== 0) return;
          process.kill(stalled.pid, 'SIGSTOP');
          setTimeout(() => process.kill(stalled.pid, 'SIGCONT'), 1500);
        },
      );
      expect(summary.status).toBe('done');
      expect(Date.now() - started).toBeLessThan(10_000);
      // Each of the 4 slots times out about every 300 ms while the server is stopped.
      expect(summary.total.timeouts).toBeGreaterThanOrEqual(8);
      expect(summary.total.errors).toBe(0);
      // It answers again once resumed.
      expect(samples[samples.length - 1].totals.count).toBeGreaterThan(0);
    } finally {
      process.kill(stalled.pid, 'SIGCONT');
      await stalled.stop();
    }
  });

  it('a redis server that dies mid-run shows up as failed operations (unavailable, not latencies), and the run still ends', async () => {
    const doomed = await startRedisServer();
    try {
      const { summary, samples, logs } = await runScenario(
        { target: { kind: 'redis', port: doomed.port }, workers: 1, inFlight: 4, warmupSeconds: 0, durationSeconds: 4, opTimeoutMs: 500 },
        (_r, s) => s.second === 0 && void doomed.stop(),
      );
      expect(summary.status).toBe('done');
      expect(samples[0].totals.count).toBeGreaterThan(0);
      const failedLater = samples
        .slice(2)
        .reduce((a, s) => a + s.totals.errors + s.totals.timeouts + Object.values(s.ops).reduce((u, o) => u + (o.unavailable ?? 0), 0), 0);
      expect(failedLater).toBeGreaterThan(0);
      // Why they failed reaches the log, once per distinct reason rather than per operation.
      const reasons = logs.filter((l) => l.source === 'worker 0' && /(failed|timed out):/.test(l.message));
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons.length).toBeLessThan(failedLater);
    } finally {
      await doomed.stop();
    }
  });
});

describe('worker runtime settings', () => {
  it('an unusable Node binary fails the run with a clear message', async () => {
    const { summary, logs, run } = await runScenario({
      target: { kind: 'builtin-kv', external: true, port: 1 },
      node: '/nonexistent/node',
    });
    expect(summary.status).toBe('failed');
    expect(logs.find((l) => l.level === 'error')?.message).toMatch(/node: \/nonexistent\/node does not exist/);
    expect(run.workerPids).toEqual([]);
  });

  it('passes the scenario environment (e.g. UV_THREADPOOL_SIZE) to every worker', async () => {
    const redis = await startRedisServer();
    try {
      const environs: string[] = [];
      const { summary } = await runScenario(
        { target: { kind: 'redis', port: redis.port }, workers: 2, warmupSeconds: 0, durationSeconds: 2, env: { UV_THREADPOOL_SIZE: '8' } },
        (r, s) => s.second === 0 && r.workerPids.forEach((p) => environs.push(readFileSync(`/proc/${p}/environ`, 'utf8'))),
      );
      expect(summary.status).toBe('done');
      expect(environs).toHaveLength(2);
      for (const e of environs) expect(e.split('\0')).toContain('UV_THREADPOOL_SIZE=8');
    } finally {
      await redis.stop();
    }
  });
});
