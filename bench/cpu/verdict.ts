import type { KvscopeResult } from '../run-kvscope';

/**
 * kvscope may spend at most this much more CPU time per operation than the
 * bare client loop (issue 17: within 3 %).
 */
export const CPU_PER_OP_TARGET_RATIO = 1.03;
/** Main and the monitor together, as a share of the workers' CPU time, stay below this. */
export const MAIN_MONITOR_TARGET_SHARE = 0.02;
export const RATIO_DIGITS = 3;
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

const MIDDLE = 0.5;

export function median(xs: readonly number[]): number {
  return quantile(xs, MIDDLE);
}

const pct = (x: number, digits = 1): string => `${(x * 100).toFixed(digits)}%`;

/** The value at share `p` of the sorted values, between neighbours where it falls between them. */
export function quantile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * p;
  const lo = Math.floor(at);
  return lo + 1 < s.length ? s[lo] + (s[lo + 1] - s[lo]) * (at - lo) : s[lo];
}

export type Judgement = 'PASS' | 'MISS' | 'UNRESOLVED';
const LOWER_QUARTILE = 0.25;
const UPPER_QUARTILE = 0.75;
/** The share of the rounds a verdict needs on its side of the target. */
const THREE_QUARTERS = 0.75;

/** How many of the values are within `limit` (`strict`: the limit itself is beyond it). */
export function withinCount(values: readonly number[], limit: number, strict = false): number {
  return values.filter((x) => (strict ? x < limit : x <= limit)).length;
}

/**
 * A verdict the rounds can carry: MISS when three quarters of them are beyond
 * `limit`; PASS when three quarters are within it and the middle half of the
 * rounds spreads by no more than `resolution`; otherwise UNRESOLVED (a median
 * within the target from rounds spreading 0.82 to 1.24 is noise, not a pass).
 * The rounds are counted: an upper quartile read between two rounds passed 5
 * of 7 rounds within the target when the sixth was just beyond it.
 * `strict`: the limit itself is beyond it.
 */
export function judge(values: readonly number[], limit: number, resolution: number, strict = false): Judgement {
  const within = withinCount(values, limit, strict);
  const needed = THREE_QUARTERS * values.length;
  if (values.length - within >= needed) return 'MISS';
  const spread = quantile(values, UPPER_QUARTILE) - quantile(values, LOWER_QUARTILE);
  return within >= needed && spread <= resolution ? 'PASS' : 'UNRESOLVED';
}

/**
 * The middle half of the rounds' ratios may spread by this many times the
 * target's margin (3 % -> 0.06): wider, the median of a handful of rounds
 * moves by about the margin itself.
 */
export const RESOLUTION_MARGINS = 2;
const CPU_RESOLUTION = RESOLUTION_MARGINS * (CPU_PER_OP_TARGET_RATIO - 1);
/** Main + monitor's share is judged against an absolute 2 %: its rounds' middle half may spread by that much. */
const SHARE_RESOLUTION = MAIN_MONITOR_TARGET_SHARE;

/** What to do about an UNRESOLVED verdict, said under it. */
export const UNRESOLVED_HINT =
  '      the rounds spread too far to judge the target: more rounds (or bench:clusters --paired) before a verdict';

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
  const cpu = judge(ratios, CPU_PER_OP_TARGET_RATIO, CPU_RESOLUTION);
  const shareJudged = judge(shares, MAIN_MONITOR_TARGET_SHARE, SHARE_RESOLUTION, true);
  const kvOps = median(rounds.map((r) => r.kvscope.opsPerSec));
  const kvUs = median(rounds.map((r) => r.kvscope.cpuUsPerOp));
  const bareUs = median(rounds.map((r) => usPerOp(r.bare)));
  const lines = [
    `${name}: CPU µs/op kvscope ${kvUs.toFixed(US_DIGITS)}, bare ${bareUs.toFixed(US_DIGITS)} (medians); kvscope ${Math.round(kvOps)} ops/s`,
    `${name}: CPU per op kvscope / bare = ${ratio.toFixed(RATIO_DIGITS)} (median of ${rounds.length}; rounds ${ratios.map((x) => x.toFixed(RATIO_DIGITS)).join(', ')}; ` +
      `spread ${Math.min(...ratios).toFixed(RATIO_DIGITS)} to ${Math.max(...ratios).toFixed(RATIO_DIGITS)}; ` +
      `${withinCount(ratios, CPU_PER_OP_TARGET_RATIO)} of ${ratios.length} within the target, a pass needs three quarters)`,
    `${cpu}: ${name} ${ratio >= 1 ? `kvscope costs ${pct(ratio - 1)} more CPU per operation than the bare loop` : `kvscope took ${pct(1 - ratio)} less CPU per operation than the bare loop (noise: it does more)`} (target: at most ${pct(CPU_PER_OP_TARGET_RATIO - 1, 0)} more)`,
    `${shareJudged}: ${name} main + monitor ${pct(share, 2)} of the workers' CPU time (median; target: below ${pct(MAIN_MONITOR_TARGET_SHARE, 0)})`,
  ];
  if (cpu === 'UNRESOLVED' || shareJudged === 'UNRESOLVED') lines.push(UNRESOLVED_HINT);
  if (rounds.length < 3) lines.push('      fewer than 3 rounds: no spread worth the name; use --rounds 5 before trusting a verdict');
  return { pass: cpu === 'PASS' && shareJudged === 'PASS', lines };
}

/** --paired: the pairing's noise floor beside the verdict, from one bare loop run beside another in each round. */
export function controlLine(name: string, ratios: readonly number[]): string {
  const f = (x: number): string => x.toFixed(RATIO_DIGITS);
  return (
    `${name}: control, the bare loop beside itself: ratio ${f(median(ratios))} (median of ${ratios.length}; spread ${f(Math.min(...ratios))} to ` +
    `${f(Math.max(...ratios))}); a kvscope ratio inside that spread is noise, not cost`
  );
}

/**
 * The floor over all rounds: what measuring each answer costs by itself (the
 * bare loop measuring beside the plain one), and what kvscope adds beyond it
 * (each round's kvscope ratio over that round's floor).
 */
export function floorLine(name: string, floors: readonly number[], kvscope: readonly number[]): string {
  const f = (x: number): string => x.toFixed(RATIO_DIGITS);
  const beyond = kvscope.map((k, i) => k / floors[i]);
  return (
    `${name}: floor, the bare loop measuring each answer (a clock read and a histogram count, encoded once a second): ratio ` +
    `${f(median(floors))} (median of ${floors.length}; spread ${f(Math.min(...floors))} to ${f(Math.max(...floors))}); ` +
    `kvscope beyond the floor ${f(median(beyond))} (spread ${f(Math.min(...beyond))} to ${f(Math.max(...beyond))})`
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
