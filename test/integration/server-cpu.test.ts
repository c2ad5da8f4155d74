import { describe, expect, it } from 'vitest';
import { findScenario } from '../../app/scenario/catalog';
import type { ScenarioInput } from '../../app/scenario/schema';
import { processTicks } from '../../main/engine/process-cpu';
import { runScenario, waitGone } from '../helpers/run';

/** A catalog entry, shortened: a few measured seconds are enough to see each process's CPU. */
function catalog(name: string, over: Partial<ScenarioInput> = {}): ScenarioInput {
  const s = findScenario(name);
  if (!s) throw new Error(`no catalog entry ${name}`);
  return { ...s, warmupSeconds: 1, durationSeconds: 3, ...over } as ScenarioInput;
}

/**
 * With kvscope's own server or local members on the same
 * cores, every second names each of those processes and its CPU beside the
 * workers', so the saturation rule can tell the client from a machine the
 * client shares with the target.
 */
describe("the CPU of the target's processes kvscope started, second by second", () => {
  it('names the built-in server of kv-async and gives its CPU, which its load keeps above zero', async () => {
    const { summary, samples, run } = await runScenario(catalog('kv-async', { workers: 1 }));
    expect(summary.status).toBe('done');
    const measured = samples.filter((s) => s.phase === 'run');
    expect(measured.length).toBeGreaterThanOrEqual(3);
    for (const s of measured) {
      expect(
        s.machine?.servers?.map((p) => p.name),
        `second ${s.second}`,
      ).toEqual(['built-in server']);
    }
    // The server answers thousands of requests a second: its CPU over the run is more than none, and no more than the machine has.
    const cpu = measured.map((s) => s.machine!.servers![0].cpu);
    expect(Math.max(...cpu)).toBeGreaterThan(0.05);
    for (const c of cpu) expect(c).toBeLessThanOrEqual(measured[0].machine!.cores);
    expect(await waitGone([...run.workerPids, ...(run.targetPid ? [run.targetPid] : [])], 10_000)).toEqual([]);
  }, 90_000);

  it('names each master of a local Redis Cluster, the processes it started, and none once they have stopped', async () => {
    const pids: number[] = [];
    const { summary, samples, run } = await runScenario(catalog('redis-cluster-mix', { workers: 1 }), (r) => {
      if (pids.length === 0) pids.push(...r.localClusterPids);
    });
    expect(summary.status).toBe('done');
    expect(pids.length).toBe(3);
    const measured = samples.filter((s) => s.phase === 'run');
    expect(measured.length).toBeGreaterThanOrEqual(3);
    for (const s of measured)
      expect(
        s.machine?.servers?.map((p) => p.name),
        `second ${s.second}`,
      ).toEqual(['master 1', 'master 2', 'master 3']);
    expect(Math.max(...measured.flatMap((s) => s.machine!.servers!.map((p) => p.cpu)))).toBeGreaterThan(0);
    expect(await waitGone([...run.workerPids, ...pids], 15_000)).toEqual([]);
    for (const pid of pids) expect(processTicks(pid)).toBeUndefined();
  }, 180_000);
});
