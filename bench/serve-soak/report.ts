import { MIB } from '../../app/report/numbers';
import type { CycleResult } from './cycle';
import type { RssSample } from './rss';
import { MIN_STEADY_SAMPLES, lateTrendOf, trendOf, verdictOf, type Result, type Trend } from './trend';

/** The samples table is thinned to about this many rows; the slope is over all of them. */
const MAX_TABLE_ROWS = 31;

export const mib = (bytes: number): string => (bytes / MIB).toFixed(1);

/** Every k-th sample and the last, so a half-hour soak prints a screenful, not 360 lines. */
function thinned(samples: readonly RssSample[]): RssSample[] {
  const every = Math.max(1, Math.ceil(samples.length / (MAX_TABLE_ROWS - 1)));
  const rows = samples.filter((_, i) => i % every === 0);
  const last = samples[samples.length - 1];
  if (last && rows[rows.length - 1] !== last) rows.push(last);
  return rows;
}

function slopeText(t: Trend): string {
  const from = t.steady[0]?.second ?? 0;
  if (Number.isNaN(t.mibPerHour))
    return `no slope: ${t.steady.length} samples from ${from.toFixed(0)} s, a line needs ${MIN_STEADY_SAMPLES}`;
  const sign = t.mibPerHour >= 0 ? '+' : '';
  return `${sign}${t.mibPerHour.toFixed(2)} MiB/h (standard error ${t.stdErr.toFixed(2)}) by least squares over ${t.steady.length} samples from ${from.toFixed(0)} s`;
}

/** The samples, the counts of runs and imports, start and end RSS, the slope and the verdict. */
export function report(
  pid: number,
  samples: readonly RssSample[],
  cycles: readonly CycleResult[],
  soakSeconds: number,
): { lines: string[]; result: Result } {
  const lines = [`RSS of kvscope serve (pid ${pid}), ${samples.length} samples:`, '  second   rss MiB'];
  for (const s of thinned(samples)) lines.push(`${s.second.toFixed(0).padStart(8)}  ${mib(s.bytes).padStart(8)}`);
  const runs = cycles.filter((c) => c.runOk).length;
  const imports = cycles.filter((c) => c.importOk).length;
  lines.push(`runs: ${runs} of ${cycles.length} done; imports: ${imports} of ${cycles.length} ok`);
  const t = trendOf(samples, soakSeconds);
  if (samples.length) {
    const bytes = samples.map((s) => s.bytes);
    const [first, last] = [samples[0], samples[samples.length - 1]];
    lines.push(
      `rss: start ${mib(first.bytes)} MiB, end ${mib(last.bytes)} MiB at ${last.second.toFixed(0)} s; min ${mib(Math.min(...bytes))}, max ${mib(Math.max(...bytes))} MiB`,
    );
  }
  const late = lateTrendOf(t);
  lines.push(`slope: ${slopeText(t)} (the first ${t.warmupSeconds.toFixed(0)} s are warm-up)`);
  lines.push(`later half: ${slopeText(late)}`);
  const v = verdictOf(late);
  lines.push(v.line);
  if (v.result !== 'PASS') lines.push('      this is a measurement, not a test: the exit code stays 0 on MISS or UNRESOLVED');
  return { lines, result: v.result };
}
