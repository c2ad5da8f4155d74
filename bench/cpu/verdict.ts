import type { KvscopeResult } from '../run-kvscope';

/**
 * kvscope may spend at most this much more CPU time per operation than the
 * bare client loop (issue 17: within 3 %).
 */
export const CPU_PER_OP_TARGET_RATIO = 1.03;
/** Main and the monitor together, as a share of the workers' CPU time, stay below this. */
export const MAIN_MONITOR_TARGET_SHARE = 0.02;
const RATIO_DIGITS = 3;
const US_DIGITS = 2;

/** What a bare loop (one or several processes, added up) did over its measured seconds. */
export interface BareCpu {
  ops: number;
  cpuUs: number;
}

export interface CpuRound {
  kvscope: KvscopeResult;
  bare: BareCpu;
}

export const usPerOp = (b: BareCpu): number => (b.ops ? b.cpuUs / b.ops : NaN);
export const cpuRatio = (r: CpuRound): number => r.kvscope.cpuUsPerOp / usPerOp(r.bare);
export const mainMonitorShare = (k: KvscopeResult): number => (k.cpu.main + k.cpu.monitor) / k.cpu.workers;

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const pct = (x: number, digits = 1): string => `${(x * 100).toFixed(digits)}%`;

/** One round's CPU figures on one line: both costs per operation, kvscope's parts, the ratio. */
export function cpuRoundLine(r: CpuRound): string {
  const k = r.kvscope;
  const parts = `workers ${(k.cpu.workers / k.ops).toFixed(US_DIGITS)}, main ${(k.cpu.main / k.ops).toFixed(US_DIGITS)}, monitor ${(k.cpu.monitor / k.ops).toFixed(US_DIGITS)}, keepers ${(k.cpu.keepers / k.ops).toFixed(US_DIGITS)}`;
  return (
    `CPU µs/op: kvscope ${k.cpuUsPerOp.toFixed(US_DIGITS)} (${parts}), bare ${usPerOp(r.bare).toFixed(US_DIGITS)}; ` +
    `ratio ${cpuRatio(r).toFixed(RATIO_DIGITS)}; main+monitor ${pct(mainMonitorShare(k), 2)} of the workers`
  );
}

/** The verdict over all rounds: judged on the median CPU ratio, with its spread and both ops/s for context. */
export function cpuVerdict(name: string, rounds: readonly CpuRound[]): { pass: boolean; lines: string[] } {
  const ratios = rounds.map(cpuRatio);
  const shares = rounds.map((r) => mainMonitorShare(r.kvscope));
  const ratio = median(ratios);
  const share = median(shares);
  const cpuPass = ratio <= CPU_PER_OP_TARGET_RATIO;
  const sharePass = share < MAIN_MONITOR_TARGET_SHARE;
  const kvOps = median(rounds.map((r) => r.kvscope.opsPerSec));
  const kvUs = median(rounds.map((r) => r.kvscope.cpuUsPerOp));
  const bareUs = median(rounds.map((r) => usPerOp(r.bare)));
  const lines = [
    `${name}: CPU µs/op kvscope ${kvUs.toFixed(US_DIGITS)}, bare ${bareUs.toFixed(US_DIGITS)} (medians); kvscope ${Math.round(kvOps)} ops/s`,
    `${name}: CPU per op kvscope / bare = ${ratio.toFixed(RATIO_DIGITS)} (median of ${rounds.length}; rounds ${ratios.map((x) => x.toFixed(RATIO_DIGITS)).join(', ')}; ` +
      `spread ${Math.min(...ratios).toFixed(RATIO_DIGITS)} to ${Math.max(...ratios).toFixed(RATIO_DIGITS)})`,
    `${cpuPass ? 'PASS' : 'MISS'}: ${name} ${ratio >= 1 ? `kvscope costs ${pct(ratio - 1)} more CPU per operation than the bare loop` : `kvscope took ${pct(1 - ratio)} less CPU per operation than the bare loop (noise: it does more)`} (target: at most ${pct(CPU_PER_OP_TARGET_RATIO - 1, 0)} more)`,
    `${sharePass ? 'PASS' : 'MISS'}: ${name} main + monitor ${pct(share, 2)} of the workers' CPU time (median; target: below ${pct(MAIN_MONITOR_TARGET_SHARE, 0)})`,
  ];
  if (rounds.length < 3) lines.push('      fewer than 3 rounds: no spread worth the name; use --rounds 5 before trusting a verdict');
  return { pass: cpuPass && sharePass, lines };
}

/** --paired: the pairing's noise floor beside the verdict, from one bare loop run beside another in each round. */
export function controlLine(name: string, ratios: readonly number[]): string {
  const f = (x: number): string => x.toFixed(RATIO_DIGITS);
  return (
    `${name}: control, the bare loop beside itself: ratio ${f(median(ratios))} (median of ${ratios.length}; spread ${f(Math.min(...ratios))} to ` +
    `${f(Math.max(...ratios))}); a kvscope ratio inside that spread is noise, not cost`
  );
}

/** --loop: kvscope's loop alone (no main, monitor or IPC) against the bare loop or another build's, paired, per round. */
export function loopLine(name: string, what: string, ratios: readonly number[]): string {
  const f = (x: number): string => x.toFixed(RATIO_DIGITS);
  return (
    `${name}: CPU per op ${what} = ${f(median(ratios))} (median of ${ratios.length}; rounds ${ratios.map(f).join(', ')}; ` +
    `spread ${f(Math.min(...ratios))} to ${f(Math.max(...ratios))})`
  );
}
