import type { RunFile } from '../run/format';
import { measured } from '../stats/series';
import { num } from './csv';

/**
 * The original cluster-vs-async key-value benchmark's CSV, for a spreadsheet's
 * candlestick chart: a header, then per interval one PUT and one GET row of
 * Min, Mean, 101% of Mean (the candle's body is Mean..1.01 × Mean) and Max,
 * in microseconds (means to two decimals), comma and space separated as the
 * original prints them.
 * An interval here is one measured second; a second without a PUT or without
 * a GET has no candle for either and is left out, so rows stay in pairs.
 */
const HEADER = 'PUT/GET, Min, Mean, 101% of Mean, Max';
const CANDLE_TOP = 1.01;
/** Hundredths of a microsecond: a mean carries no more, and a spreadsheet reads it as typed. */
const MEAN_DECIMALS = 2;
const OPS = [
  ['PUT', 'put'],
  ['GET', 'get'],
] as const;

export class BenchCsvError extends Error {}

export function benchCsv(run: RunFile): string {
  const kind = run.header.scenario.target.kind;
  if (kind !== 'builtin-kv')
    throw new BenchCsvError(`the benchmark CSV is for the built-in key-value scenarios; this run's target is ${kind}`);
  const lines = [HEADER];
  for (const s of measured(run.samples)) {
    if (!OPS.every(([, op]) => (s.ops[op]?.count ?? 0) > 0)) continue;
    for (const [label, op] of OPS) {
      const l = s.ops[op].latency;
      lines.push(`${label}, ${num(l.min, 0)}, ${num(l.mean, MEAN_DECIMALS)}, ${num(l.mean * CANDLE_TOP, MEAN_DECIMALS)}, ${num(l.max, 0)}`);
    }
  }
  return lines.join('\n') + '\n';
}
