import { afterEach, describe, expect, it } from 'vitest';
import type { ScenarioInput } from '../../app/scenario/schema';
import { startStallServer, type StallServer } from '../helpers/stall-server';
import { runScenario } from '../helpers/run';

const STALL_MS = 1000;

describe('a target that stalls for one second', () => {
  let server: StallServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const scenario = (port: number, extra: Partial<ScenarioInput>): ScenarioInput => ({
    target: { kind: 'builtin-kv', external: true, port },
    mix: { get: 1 },
    keySpace: 100,
    keyLength: 4,
    workers: 1,
    warmupSeconds: 0,
    durationSeconds: 4,
    opTimeoutMs: 10_000,
    ...extra,
  });

  it('shows in the p99 and max of a fixed-rate (open) loop', async () => {
    const s = await startStallServer();
    server = s;
    const { summary } = await runScenario(scenario(s.port, { rate: 200, inFlight: 1000 }), (_r, sample) => {
      if (sample.second === 0) s.stallFor(STALL_MS);
    });
    expect(summary.status).toBe('done');
    // About a quarter of the intended operations fall in the stall, waiting up
    // to a full second: p99 sits near the stall length.
    expect(summary.total.latency.max).toBeGreaterThanOrEqual(STALL_MS * 1000 * 0.9);
    expect(summary.total.latency.p99).toBeGreaterThanOrEqual(STALL_MS * 1000 * 0.7);
    expect(summary.total.latency.p90).toBeGreaterThanOrEqual(STALL_MS * 1000 * 0.1);
  });

  it('counts from the intended start even when the in-flight cap holds operations back', async () => {
    const s = await startStallServer();
    server = s;
    const { summary, samples } = await runScenario(scenario(s.port, { rate: 200, inFlight: 2 }), (_r, sample) => {
      if (sample.second === 0) s.stallFor(STALL_MS);
    });
    expect(summary.status).toBe('done');
    // Only two operations wait on the server; the ~200 due meanwhile start
    // late, and their latency includes the wait for their turn.
    expect(summary.total.latency.p99).toBeGreaterThanOrEqual(STALL_MS * 1000 * 0.7);
    expect(Math.max(...samples.flatMap((x) => x.workers.map((w) => w.backlog)))).toBeGreaterThan(0);
  });

  it('is hidden in the p99 of a closed loop, which is why the open loop exists', async () => {
    const s = await startStallServer();
    server = s;
    const { summary } = await runScenario(scenario(s.port, { inFlight: 1 }), (_r, sample) => {
      if (sample.second === 0) s.stallFor(STALL_MS);
    });
    expect(summary.status).toBe('done');
    // The single in-flight operation waits out the stall once: only the max shows it.
    expect(summary.total.latency.max).toBeGreaterThanOrEqual(STALL_MS * 1000 * 0.9);
    expect(summary.total.latency.p99).toBeLessThan(STALL_MS * 1000 * 0.1);
  });
});
