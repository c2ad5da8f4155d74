import type { BareResult, BareStart } from './bare-protocol';
import type { RoundResult } from './report';
import { runBare } from './run-bare';
import { runKvscope, type KvscopeResult } from './run-kvscope';
import { runRedisBenchmark, type RedisBenchmarkResult, type RedisBenchmarkSettings } from './run-redis-benchmark';
import type { RedisScenario } from './scenario';
import { errorMessage } from '../app/error-message';

interface RoundPlan {
  rounds: number;
  scenario: RedisScenario;
  bare: BareStart;
  /** Absent when redis-benchmark is not installed: (c) is skipped. */
  redisBenchmark?: RedisBenchmarkSettings;
}

const KVSCOPE = 'kvscope';
const BARE = 'bare';
const REDIS_BENCHMARK = 'redis-benchmark';
type Variant = typeof KVSCOPE | typeof BARE | typeof REDIS_BENCHMARK;

/**
 * Each round runs every variant once. The order rotates from round to round,
 * so no variant always runs first (cold) or always right after the heaviest
 * one; the kvscope-vs-bare ratio is then free of a fixed position bias.
 */
function orderOf(round: number, variants: readonly Variant[]): Variant[] {
  const shift = round % variants.length;
  return [...variants.slice(shift), ...variants.slice(0, shift)];
}

/**
 * redis-benchmark is a reference beside the verdict, not part of it: a run of
 * it that fails (it once aborted with "All clients disconnected" in a last
 * round) is said and leaves that round without it, instead of losing every
 * round measured so far.
 */
async function referenceRun(
  s: RedisBenchmarkSettings,
  round: number,
  print: (line: string) => void,
): Promise<RedisBenchmarkResult | undefined> {
  try {
    return await runRedisBenchmark(s);
  } catch (err) {
    print(`   round ${round}: redis-benchmark failed, so this round has no reference figure: ${errorMessage(err)}`);
    return undefined;
  }
}

export async function runRounds(plan: RoundPlan, print: (line: string) => void): Promise<RoundResult[]> {
  const variants: Variant[] = plan.redisBenchmark ? [KVSCOPE, BARE, REDIS_BENCHMARK] : [KVSCOPE, BARE];
  const results: RoundResult[] = [];
  for (let i = 0; i < plan.rounds; i++) {
    const order = orderOf(i, variants);
    let kvscope: KvscopeResult | undefined;
    let bare: BareResult | undefined;
    let rb: RedisBenchmarkResult | undefined;
    for (const v of order) {
      print(`   round ${i + 1}/${plan.rounds}: ${v} ...`);
      if (v === KVSCOPE) kvscope = await runKvscope(plan.scenario);
      else if (v === BARE) bare = await runBare(plan.bare);
      else if (plan.redisBenchmark) rb = await referenceRun(plan.redisBenchmark, i + 1, print);
    }
    if (!kvscope || !bare) throw new Error('unreachable: a round ended without both kvscope and bare results');
    results.push({ round: i + 1, order, kvscope, bare, rb });
  }
  return results;
}
