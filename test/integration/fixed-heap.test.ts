import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXED_HEAP_FLAGS } from '../../bench/fixed-heap';
import { useRedisServer } from '../helpers/redis';
import { startBare } from '../../bench/run-bare';
import type { BareStart } from '../../bench/bare-protocol';
import { commandLine, descendants } from '../../bench/cpu/proc';
import { parseScenario } from '../../app/scenario/schema';
import { Run } from '../../main/engine/orchestrator';

const BARE_LOOP = join(__dirname, '..', '..', 'dist', 'bench', 'bare-loop.js');
const withFlags = (cmd: string): boolean => FIXED_HEAP_FLAGS.every((f) => cmd.split(' ').includes(f));

describe('CPU benchmarks fix the young generation of the load clients only (bench/fixed-heap.ts)', () => {
  const redis = useRedisServer();

  it("a run's load workers carry the flags; its monitor and main do not", { timeout: 60_000 }, async () => {
    const scenario = parseScenario({
      target: { kind: 'redis', host: redis().host, port: redis().port, localCluster: 0 },
      workers: 2,
      warmupSeconds: 0,
      durationSeconds: 2,
    });
    const run = new Run(scenario, undefined, undefined, FIXED_HEAP_FLAGS);
    let seen: { workers: string[]; monitor: string } | undefined;
    run.once('sample', () => (seen = { workers: run.workerPids.map(commandLine), monitor: commandLine(run.monitorPid ?? 0) }));
    const summary = await run.execute();
    expect(summary.status).toBe('done');
    expect(seen!.workers).toHaveLength(2);
    for (const cmd of seen!.workers) expect(withFlags(cmd), cmd).toBe(true);
    expect(seen!.monitor).toMatch(/workers\/monitor\/main\.js/);
    expect(withFlags(seen!.monitor), seen!.monitor).toBe(false);
    expect(process.execArgv.some((f) => f.includes('semi-space'))).toBe(false);
  });

  it('a bare loop carries the flags', { timeout: 60_000 }, async () => {
    const start: BareStart = {
      host: redis().host,
      port: redis().port,
      inFlight: 4,
      keySpace: 100,
      keyLength: 8,
      valueSize: 16,
      getShare: 0.5,
      autoPipelining: false,
      warmupSeconds: 0,
      durationSeconds: 30,
      seed: 1,
    };
    const bare = startBare(start, BARE_LOOP);
    try {
      await expect.poll(async () => (await bare.mark()).ops, { timeout: 20_000 }).toBeGreaterThan(0);
      const cmds = descendants(process.pid)
        .map((p) => commandLine(p.pid))
        .filter((c) => c.includes('bare-loop.js'));
      expect(cmds).toHaveLength(1);
      expect(withFlags(cmds[0]), cmds[0]).toBe(true);
    } finally {
      bare.stop();
      await bare.result;
    }
  });
});
