import { performance } from 'node:perf_hooks';
import type { Scenario } from '../app/scenario/schema';
import type { BareMark } from './bare-protocol';
import { startBare, type BareHandle } from './run-bare';
import { runKvscope, type KvscopeResult } from './run-kvscope';
import { RATIO_DIGITS, usPerOp, type BareCpu } from './cpu/verdict';
import { fmtInt } from '../app/report/numbers';

/** The bare loop is asked for its first answers this often before kvscope starts beside it. */
const READY_POLL_MS = 100;
/** A bare loop that has answered nothing by then cannot reach the servers. */
const READY_LIMIT_MS = 30_000;
/** The bare loop's own bound beyond kvscope's warm-up and measured seconds (start, connect, drain); it is stopped sooner. */
const BARE_SLACK_SECONDS = 60;

export interface PairedRound {
  kvscope: KvscopeResult;
  bare: BareCpu & { opsPerSec: number; errors: number };
}

/** A bare loop started for a paired round: bounded past the scenario's seconds, stopped by the caller once read. */
function startPaired(scenario: Scenario, start: { warmupSeconds: number; durationSeconds: number }, script: string): BareHandle {
  const bound = scenario.warmupSeconds + (scenario.durationSeconds ?? 0) + BARE_SLACK_SECONDS;
  const bare = startBare({ ...start, warmupSeconds: 0, durationSeconds: bound }, script);
  bare.result.catch(() => undefined); // awaited by the caller; a failure before that is the marks' to report
  return bare;
}

async function answering(bare: BareHandle): Promise<void> {
  const giveUp = performance.now() + READY_LIMIT_MS;
  for (;;) {
    if ((await bare.mark()).ops > 0) return;
    if (performance.now() > giveUp) throw new Error(`the bare loop answered nothing within ${READY_LIMIT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, READY_POLL_MS));
  }
}

/**
 * One paired round: the bare loop and kvscope run at the same time, against
 * the same servers, on the same client CPUs, and the bare loop's answers and
 * CPU time are read at the edges of kvscope's measured seconds. Whatever
 * moves one side's CPU per operation in a given second (a server's collector,
 * the batching its speed allows, a neighbour on the host) moves the other's
 * alike, where back-to-back rounds each met their own moment. The bare loop
 * starts first and is stopped once kvscope has ended.
 */
export async function runPaired(
  scenario: Scenario,
  start: { warmupSeconds: number; durationSeconds: number },
  script: string,
): Promise<PairedRound> {
  const bare = startPaired(scenario, start, script);
  try {
    await answering(bare);
    const edges: Promise<[BareMark, number]>[] = [];
    const kvscope = await runKvscope(scenario, undefined, () => edges.push(bare.mark().then((m) => [m, performance.now()])));
    const [[from, t0], [to, t1]] = await Promise.all(edges);
    bare.stop();
    await bare.result;
    const ops = to.ops - from.ops;
    return {
      kvscope,
      bare: { ops, cpuUs: to.cpuUs - from.cpuUs, errors: to.errors - from.errors, opsPerSec: (ops * 1000) / (t1 - t0) },
    };
  } finally {
    bare.stop();
  }
}

/**
 * The control of a paired round: two copies of the bare loop side by side,
 * read at the same instants over the scenario's warm-up and measured
 * seconds. Identical code, so their ratio is the pairing's own noise: a
 * kvscope ratio inside its spread says nothing.
 */
export function runPairedControl(scenario: Scenario, side: PairedSide): Promise<{ first: BareCpu; second: BareCpu }> {
  return runPairedScripts(scenario, [side, side]);
}

/** One child of a paired round: its script and start message. */
export interface PairedSide {
  script: string;
  start: { warmupSeconds: number; durationSeconds: number; measure?: boolean; spinNs?: number };
}

/**
 * Two bare-protocol children side by side, read at the same instants over the
 * scenario's warm-up and measured seconds: the control (one script twice),
 * the floor (the bare loop beside itself measuring), or kvscope's loop
 * beside the bare one (bench:clusters --loop).
 */
export async function runPairedScripts(
  scenario: Scenario,
  sides: readonly [PairedSide, PairedSide],
): Promise<{ first: BareCpu; second: BareCpu }> {
  const pair = sides.map((side) => startPaired(scenario, side.start, side.script));
  try {
    for (const b of pair) await answering(b);
    await new Promise((r) => setTimeout(r, scenario.warmupSeconds * 1000));
    const from = await Promise.all(pair.map((b) => b.mark()));
    await new Promise((r) => setTimeout(r, (scenario.durationSeconds ?? 0) * 1000));
    const to = await Promise.all(pair.map((b) => b.mark()));
    for (const b of pair) b.stop();
    await Promise.all(pair.map((b) => b.result));
    const cpu = (i: number): BareCpu => ({ ops: to[i].ops - from[i].ops, cpuUs: to[i].cpuUs - from[i].cpuUs });
    return { first: cpu(0), second: cpu(1) };
  } finally {
    for (const b of pair) b.stop();
  }
}

export type RoundSide = { scenario: Scenario } & PairedSide;

/** The control of a round, printed: the bare loop beside itself, its ratio the pairing's own noise this round. */
export async function control(s: RoundSide, print: (line: string) => void): Promise<number> {
  const c = await runPairedControl(s.scenario, s);
  const ratio = usPerOp(c.second) / usPerOp(c.first);
  print(
    `   control, the bare loop beside itself: CPU µs/op ${usPerOp(c.first).toFixed(2)} and ${usPerOp(c.second).toFixed(2)}; ratio ${ratio.toFixed(3)}`,
  );
  return ratio;
}

/**
 * The bare loop beside itself with its start message changed on the second
 * side (the floor's `measure`, the sensitivity's `spinNs`): both sides' CPU
 * per operation and the changed one's ratio over the plain one, this round.
 */
export async function beside(
  s: RoundSide,
  change: Partial<PairedSide['start']>,
): Promise<{ plain: number; changed: number; ratio: number }> {
  const p = await runPairedScripts(s.scenario, [s, { script: s.script, start: { ...s.start, ...change } }]);
  const [plain, changed] = [usPerOp(p.first), usPerOp(p.second)];
  return { plain, changed, ratio: changed / plain };
}

/**
 * The floor of a round, printed: the bare loop that also measures each answer
 * (measured-loop.ts) beside the plain one; its ratio is what measuring every
 * operation costs by itself, this round.
 */
export async function floor(s: RoundSide, print: (line: string) => void): Promise<number> {
  const f = await beside(s, { measure: true });
  print(
    `   floor, the bare loop measuring each answer beside the plain one: CPU µs/op ${f.changed.toFixed(2)} and ${f.plain.toFixed(2)}; ratio ${f.ratio.toFixed(RATIO_DIGITS)}`,
  );
  return f.ratio;
}

/** A round's throughput after its label: both sides' ops/s, their ratio and their errors (CPU is cpuRoundLine's). */
export function opsRoundLine(label: string, r: PairedRound): string {
  const { kvscope: kv, bare } = r;
  return `${label}: kvscope ${fmtInt(kv.opsPerSec)} ops/s, bare ${fmtInt(bare.opsPerSec)} ops/s, ratio ${(kv.opsPerSec / bare.opsPerSec).toFixed(3)}; errors ${kv.errors} / ${bare.errors}`;
}
