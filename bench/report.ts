import { fmtInt } from '../app/report/numbers';
import { table } from '../main/cli/format';
import type { BareResult } from './bare-protocol';
import type { KvscopeResult } from './run-kvscope';
import { combine, type RedisBenchmarkResult } from './run-redis-benchmark';
import { cpuRoundLine, cpuVerdict, median, usPerOp } from './cpu/verdict';

const RATIO_DIGITS = 3;
const US_DIGITS = 2;

export interface RoundResult {
  round: number;
  order: string[];
  kvscope: KvscopeResult;
  bare: BareResult;
  /** Absent when redis-benchmark is not installed. */
  rb?: RedisBenchmarkResult;
}

const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
const ratio = (x: number): string => x.toFixed(RATIO_DIGITS);

/** Rows shared by the per-round and the final tables; `elu` is left blank where it does not apply. */
function rows(k: KvscopeResult, b: BareResult, rb: RedisBenchmarkResult | undefined): string[][] {
  const out = [
    ['client', 'ops/s', 'CPU µs/op', 'errors', 'event loop busy'],
    ['(a) kvscope redis-mix, 1 worker', fmtInt(k.opsPerSec), k.cpuUsPerOp.toFixed(US_DIGITS), fmtInt(k.errors), pct(k.elu)],
    ['(b) bare ioredis loop, 1 process', fmtInt(b.opsPerSec), usPerOp(b).toFixed(US_DIGITS), fmtInt(b.errors), pct(b.elu)],
  ];
  if (rb) {
    out.push(['(c) redis-benchmark GET', fmtInt(rb.get), '', '', '']);
    out.push(['(c) redis-benchmark SET', fmtInt(rb.set), '', '', '']);
    out.push(['(c) redis-benchmark 50/50 mix (harmonic)', fmtInt(rb.mix), '', '', '']);
    out.push(['(c) redis-benchmark mean of GET and SET', fmtInt(rb.mean), '', '', '']);
  }
  return out;
}

export function roundReport(r: RoundResult): string {
  const lines = [`-- round ${r.round} (order: ${r.order.join(', ')})`, table(rows(r.kvscope, r.bare, r.rb))];
  lines.push(cpuRoundLine(r));
  const parts = [`ops/s kvscope/bare ${ratio(r.kvscope.opsPerSec / r.bare.opsPerSec)}`];
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
    ops: med((r) => r.kvscope.ops),
    peakWorkerRss: Math.max(...results.map((r) => r.kvscope.peakWorkerRss)),
    cpu: {
      workers: med((r) => r.kvscope.cpu.workers),
      main: med((r) => r.kvscope.cpu.main),
      monitor: med((r) => r.kvscope.cpu.monitor),
      keepers: med((r) => r.kvscope.cpu.keepers),
      agents: med((r) => r.kvscope.cpu.agents),
    },
    cpuUsPerOp: med((r) => r.kvscope.cpuUsPerOp),
  };
  const b: BareResult = {
    ops: med((r) => r.bare.ops),
    errors: med((r) => r.bare.errors),
    opsPerSec: med((r) => r.bare.opsPerSec),
    elu: med((r) => r.bare.elu),
    // The median cost per operation, carried as CPU time over the median count.
    cpuUs: med((r) => usPerOp(r.bare)) * med((r) => r.bare.ops),
  };
  const withRb = results.filter((r): r is RoundResult & { rb: RedisBenchmarkResult } => r.rb !== undefined);
  // Mix and mean come from the median GET and SET, so the final table agrees with itself.
  const rb = withRb.length ? combine(median(withRb.map((r) => r.rb.get)), median(withRb.map((r) => r.rb.set))) : undefined;

  // Judged on CPU time per operation, paired per round: a busy neighbour slows both
  // sides' throughput at random but adds nothing to the CPU time each operation takes.
  const verdict = cpuVerdict('redis-mix', results);
  const lines = [`== final: medians over ${results.length} round(s)`, table(rows(k, b, rb)), '', ...verdict.lines];
  if (!verdict.pass) lines.push('      this is a measurement, not a test: the exit code stays 0 on MISS or UNRESOLVED');
  const paired = results.map((r) => r.kvscope.opsPerSec / r.bare.opsPerSec);
  lines.push(
    `for context, ops/s kvscope / bare = ${ratio(median(paired))} (per round: ${paired.map(ratio).join(', ')}): throughput moves with the machine's other load`,
  );
  if (rb) {
    lines.push(
      `kvscope / redis-benchmark = ${ratio(k.opsPerSec / rb.mix)} against its 50/50 mix rate, ${ratio(k.opsPerSec / rb.mean)} against the mean of GET and SET`,
    );
  }
  return { pass: verdict.pass, text: lines.join('\n') };
}
