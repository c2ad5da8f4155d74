import { fmtInt } from '../app/report/numbers';
import { table } from '../main/cli/format';
import type { BareResult } from './bare-protocol';
import type { KvscopeResult } from './run-kvscope';
import { combine, type RedisBenchmarkResult } from './run-redis-benchmark';

/** kvscope must keep at least this share of the bare loop's throughput: instrumentation costs < 3%. */
const OVERHEAD_TARGET_RATIO = 0.97;
const RATIO_DIGITS = 3;

export interface RoundResult {
  round: number;
  order: string[];
  kvscope: KvscopeResult;
  bare: BareResult;
  /** Absent when redis-benchmark is not installed. */
  rb?: RedisBenchmarkResult;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
const ratio = (x: number): string => x.toFixed(RATIO_DIGITS);

/** Rows shared by the per-round and the final tables; `elu` is left blank where it does not apply. */
function rows(k: KvscopeResult, b: BareResult, rb: RedisBenchmarkResult | undefined): string[][] {
  const out = [
    ['client', 'ops/s', 'errors', 'event loop busy'],
    ['(a) kvscope redis-mix, 1 worker', fmtInt(k.opsPerSec), fmtInt(k.errors), pct(k.elu)],
    ['(b) bare ioredis loop, 1 process', fmtInt(b.opsPerSec), fmtInt(b.errors), pct(b.elu)],
  ];
  if (rb) {
    out.push(['(c) redis-benchmark GET', fmtInt(rb.get), '', '']);
    out.push(['(c) redis-benchmark SET', fmtInt(rb.set), '', '']);
    out.push(['(c) redis-benchmark 50/50 mix (harmonic)', fmtInt(rb.mix), '', '']);
    out.push(['(c) redis-benchmark mean of GET and SET', fmtInt(rb.mean), '', '']);
  }
  return out;
}

export function roundReport(r: RoundResult): string {
  const lines = [`-- round ${r.round} (order: ${r.order.join(', ')})`, table(rows(r.kvscope, r.bare, r.rb))];
  const parts = [`kvscope/bare ${ratio(r.kvscope.opsPerSec / r.bare.opsPerSec)}`];
  if (r.rb) parts.push(`kvscope/redis-benchmark(50/50) ${ratio(r.kvscope.opsPerSec / r.rb.mix)}`);
  lines.push(parts.join('   '));
  return lines.join('\n');
}

interface Verdict {
  pass: boolean;
  text: string;
}

export function finalReport(results: readonly RoundResult[]): Verdict {
  const med = (f: (r: RoundResult) => number): number => median(results.map(f));
  const k: KvscopeResult = {
    opsPerSec: med((r) => r.kvscope.opsPerSec),
    errors: med((r) => r.kvscope.errors),
    seconds: med((r) => r.kvscope.seconds),
    elu: med((r) => r.kvscope.elu),
  };
  const b: BareResult = {
    ops: med((r) => r.bare.ops),
    errors: med((r) => r.bare.errors),
    opsPerSec: med((r) => r.bare.opsPerSec),
    elu: med((r) => r.bare.elu),
  };
  const withRb = results.filter((r): r is RoundResult & { rb: RedisBenchmarkResult } => r.rb !== undefined);
  // Mix and mean come from the median GET and SET, so the final table agrees with itself.
  const rb = withRb.length ? combine(median(withRb.map((r) => r.rb.get)), median(withRb.map((r) => r.rb.set))) : undefined;

  // Paired per round: the two runs of a round are minutes apart at most, so drift of the machine cancels out.
  const paired = results.map((r) => r.kvscope.opsPerSec / r.bare.opsPerSec);
  const kb = median(paired);
  const pass = kb >= OVERHEAD_TARGET_RATIO;
  const lines = [`== final: medians over ${results.length} round(s)`, table(rows(k, b, rb)), ''];
  lines.push(
    `kvscope / bare ioredis loop = ${ratio(kb)}  (median of per-round ratios: ${paired.map(ratio).join(', ')}; ratio of medians ${ratio(k.opsPerSec / b.opsPerSec)})`,
  );
  const cost = (1 - kb) * 100;
  const costText =
    cost >= 0 ? `instrumentation costs ${cost.toFixed(1)}%` : `kvscope was ${(-cost).toFixed(1)}% faster than the bare loop (noise)`;
  const target = `target: ratio >= ${OVERHEAD_TARGET_RATIO}, i.e. < ${Math.round((1 - OVERHEAD_TARGET_RATIO) * 100)}% cost`;
  lines.push(`${pass ? 'PASS' : 'MISS'}: ${costText} (${target})`);
  if (!pass) lines.push('      this is a measurement, not a test: the exit code stays 0 on MISS');
  if (results.length > 1) {
    const bares = results.map((r) => r.bare.opsPerSec);
    const noise = (Math.max(...bares) - Math.min(...bares)) / median(bares);
    lines.push(`      round-to-round spread of the bare loop: ${(noise * 100).toFixed(1)}% (a cost smaller than this is within noise)`);
  } else {
    lines.push('      one round only: no estimate of noise; use --rounds 3 or more before trusting a verdict');
  }
  if (rb) {
    lines.push(
      `kvscope / redis-benchmark = ${ratio(k.opsPerSec / rb.mix)} against its 50/50 mix rate, ${ratio(k.opsPerSec / rb.mean)} against the mean of GET and SET`,
    );
  }
  return { pass, text: lines.join('\n') };
}
