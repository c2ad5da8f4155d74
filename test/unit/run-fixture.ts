/**
 * A whole run built from per-second counts and latencies, for the comparison
 * and export tests: samples through the real merge and summary, so the
 * fixture has every field a run file has.
 */
import type { LatencyStats } from '../../app/metrics/histogram';
import { mergeTicks } from '../../app/metrics/merge-ticks';
import { type Sample } from '../../app/metrics/sample';
import { summarize } from '../../app/metrics/summary';
import { RUN_FORMAT, RUN_FORMAT_VERSION, type RunEnvironment } from '../../app/run/format';
import type { RunFile } from '../../app/run/format';
import { findScenario } from '../../app/scenario/catalog';
import { applyOverrides } from '../../app/scenario/overrides';
import { parseScenario } from '../../app/scenario/schema';
import { tick } from './helpers';

export interface SecondSpec {
  /** Per op type: how many completed and the latencies recorded (µs), one value per op. */
  [op: string]: { us: number[]; errors?: number };
}

const START = Date.UTC(2026, 10, 1, 12, 0, 0);

/** The environment block of a test run's header. */
export function testEnv(): RunEnvironment {
  return {
    kvscope: '0.1.0',
    workerNode: 'v20.0.0',
    nodeBinary: 'node',
    mainNode: 'v20.0.0',
    clients: {},
    host: 'h',
    platform: 'linux',
    arch: 'x64',
    cpus: 2,
    cpuModel: 'cpu',
    totalMemory: 1,
  };
}

export function fixtureRun(
  id: string,
  seconds: SecondSpec[],
  opts: { warmup?: SecondSpec[]; sets?: string[]; rssMiB?: number } = {},
): RunFile {
  const scenario = parseScenario(applyOverrides(findScenario('kv-async') as unknown as Record<string, unknown>, opts.sets ?? []));
  const all = [...(opts.warmup ?? []).map((s) => ({ s, phase: 'warmup' as const })), ...seconds.map((s) => ({ s, phase: 'run' as const }))];
  const samples: Sample[] = all.map(({ s, phase }, second) => {
    const ops = Object.fromEntries(Object.entries(s).map(([op, o]) => [op, { values: o.us, errors: o.errors ?? 0 }]));
    const t = tick(0, second, ops, { mem: { rss: (opts.rssMiB ?? 50) * 1024 * 1024, heapUsed: 0, external: 0 } });
    return mergeTicks(second, phase, START + (second + 1) * 1000, [t]);
  });
  return {
    header: {
      format: RUN_FORMAT,
      version: RUN_FORMAT_VERSION,
      id,
      createdAt: new Date(START).toISOString(),
      scenario,
      env: testEnv(),
    },
    phases: [],
    samples,
    logs: [],
    summary: summarize(samples, 'done'),
    interrupted: false,
  };
}

/** A merged second of several workers, each with its latencies (µs) per op, kept exactly as a worker's recorder keeps them. */
export function workersSecond(n: number, phase: 'warmup' | 'run', workers: Record<string, number[]>[]): Sample {
  const ticks = workers.map((ops, w) =>
    tick(w, n, Object.fromEntries(Object.entries(ops).map(([op, values]) => [op, { values, exact: true }]))),
  );
  return mergeTicks(n, phase, START + (n + 1) * 1000, ticks);
}

/** `n` seconds of `count` ops each at latency `us` (µs) per op type. */
export function steady(n: number, perOp: Record<string, { count: number; us: number }>): SecondSpec[] {
  return Array.from({ length: n }, (_, i) =>
    Object.fromEntries(
      Object.entries(perOp).map(([op, o]) => [op, { us: Array.from({ length: o.count + (i % 3) }, () => o.us + (i % 5)) }]),
    ),
  );
}

export type { LatencyStats };
