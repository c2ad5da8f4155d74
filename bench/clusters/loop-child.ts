/**
 * bench:clusters --loop: kvscope's own hot path (its driver, load loop,
 * recorder, pickers and tick clock, built as a worker builds them) in a
 * bare-loop child, so it can run beside the bare loop on the same CPU and be
 * read at the same instants (run-paired.ts). What differs from a worker: no
 * main to talk to (each tick is serialised as a worker would send it, then
 * dropped) and no warm-up of its own (the pairing's marks skip it).
 */
import { performance } from 'node:perf_hooks';
import type { Tick } from '../../app/metrics/tick';
import { parseScenario } from '../../app/scenario/schema';
import { driverFor } from '../../workers/load/drivers';
import { buildLoop } from '../../workers/load/setup';
import { TickClock } from '../../workers/load/tick-clock';
import { bareChild, live } from '../closed-loop';
import { ClusterBareStartSchema, type ClusterBareStart } from './protocol';

/** A worker's id and share when it is the only one. */
const ONLY_WORKER = { id: 0, of: 1 };

/** A second's answers and failures into the marks' running totals. */
function countTick(t: Tick): void {
  for (const o of Object.values(t.ops)) {
    live.ops += o.count;
    live.errors += o.errors + o.timeouts + o.unavailable;
  }
}

async function run(c: ClusterBareStart) {
  if (c.scenario === undefined) throw new Error('loop-child needs the scenario in its start message');
  const scenario = parseScenario({ ...(c.scenario as object), warmupSeconds: 0, durationSeconds: c.durationSeconds });
  const io = { bytesIn: 0, bytesOut: 0 };
  const driver = driverFor(scenario.target.kind)({ scenario, workerId: ONLY_WORKER.id, io, log: () => undefined });
  await driver.connect();
  const t0 = performance.now();
  const loop = buildLoop(scenario, { ...ONLY_WORKER, scenario }, driver, t0);
  const clock = new TickClock(ONLY_WORKER.id, t0, loop, io, (t) => {
    JSON.stringify({ type: 'tick', data: t });
    countTick(t);
  });
  const drained = new Promise<void>((resolve) => loop.once('drained', resolve));
  live.stop = () => loop.stop();
  live.pending = () => loop.o.recorder.pending();
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  loop.start();
  clock.start();
  await drained;
  countTick(clock.final());
  live.pending = () => ({ ops: 0, errors: 0 }); // all counted by the final tick
  const elu = performance.eventLoopUtilization(elu0).utilization;
  const cpu = process.cpuUsage(cpu0);
  const seconds = (performance.now() - t0) / 1000;
  await driver.close();
  return {
    type: 'result' as const,
    data: { ops: live.ops, errors: live.errors, opsPerSec: live.ops / seconds, elu, cpuUs: cpu.user + cpu.system },
  };
}

bareChild((raw) => ClusterBareStartSchema.safeParse(raw).data, run);
