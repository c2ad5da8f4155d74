import { addExact, type ExactTally } from '../metrics/exact-latency';
import type { RunFile } from '../run/format';
import { measured } from '../stats/series';
import { num } from './csv';

/**
 * The original cluster-vs-async key-value benchmark's CSV, for a spreadsheet's
 * candlestick chart: a header, then one PUT and one GET row of Min, Mean,
 * 101% of Mean (the candle's body is Mean..1.01 × Mean) and Max, in
 * microseconds, comma and space separated as the original prints them.
 * Two layouts (BENCH_LAYOUTS):
 * - `seconds`: a pair per measured second, read from the second's merged
 *   histograms (means to two decimals, min and max a bucket's bounds);
 * - `clients`: the seed's own, a pair per client process (a load worker) over
 *   the measured seconds, from the latencies each worker kept exactly: min
 *   and max as measured, means in full, every number as JavaScript prints it.
 * A second or a worker without a PUT or without a GET has no candle for
 * either and is left out, so rows stay in pairs. Warm-up is left out.
 */
export const BENCH_HEADER = 'PUT/GET, Min, Mean, 101% of Mean, Max';
export const BENCH_LAYOUTS = ['seconds', 'clients'] as const;
export type BenchLayout = (typeof BENCH_LAYOUTS)[number];
const CANDLE_TOP = 1.01;
/** Hundredths of a microsecond: a mean read from buckets carries no more, and a spreadsheet reads it as typed. */
const MEAN_DECIMALS = 2;
const OPS = [
  ['PUT', 'put'],
  ['GET', 'get'],
] as const;

export class BenchCsvError extends Error {}

export function benchCsv(run: RunFile, layout: BenchLayout = 'seconds'): string {
  const kind = run.header.scenario.target.kind;
  if (kind !== 'builtin-kv')
    throw new BenchCsvError(`the benchmark CSV is for the built-in key-value scenarios; this run's target is ${kind}`);
  const rows = layout === 'clients' ? perClient(run) : perSecond(run);
  return [BENCH_HEADER, ...rows].join('\n') + '\n';
}

function perSecond(run: RunFile): string[] {
  const lines: string[] = [];
  for (const s of measured(run.samples)) {
    if (!OPS.every(([, op]) => (s.ops[op]?.count ?? 0) > 0)) continue;
    for (const [label, op] of OPS) {
      const l = s.ops[op].latency;
      lines.push(`${label}, ${num(l.min, 0)}, ${num(l.mean, MEAN_DECIMALS)}, ${num(l.mean * CANDLE_TOP, MEAN_DECIMALS)}, ${num(l.max, 0)}`);
    }
  }
  return lines;
}

/** Each worker's exact tallies per op over the measured seconds, by worker id. */
function tallies(run: RunFile): Map<number, Record<string, ExactTally>> {
  const byWorker = new Map<number, Record<string, ExactTally>>();
  for (const s of measured(run.samples))
    for (const w of s.workers) {
      if (!w.exact) continue;
      const t = byWorker.get(w.id) ?? {};
      for (const [op, e] of Object.entries(w.exact)) t[op] = addExact(t[op], e);
      byWorker.set(w.id, t);
    }
  return byWorker;
}

function perClient(run: RunFile): string[] {
  const byWorker = tallies(run);
  if (byWorker.size === 0 && measured(run.samples).some((s) => s.totals.count > 0))
    throw new BenchCsvError(
      'this run file holds no per-worker exact latencies (it was recorded before kvscope kept them); the seconds layout can be written from it',
    );
  const lines: string[] = [];
  for (const id of [...byWorker.keys()].sort((a, b) => a - b)) {
    const t = byWorker.get(id)!;
    if (!OPS.every(([, op]) => (t[op]?.count ?? 0) > 0)) continue;
    for (const [label, op] of OPS) {
      const { count, sum, min, max } = t[op];
      const mean = sum / count;
      lines.push(`${label}, ${String(min)}, ${String(mean)}, ${String(mean * CANDLE_TOP)}, ${String(max)}`);
    }
  }
  return lines;
}
