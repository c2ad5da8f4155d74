import type { GroupCell, GroupTables } from './compare-groups';
import { TOTAL } from './series';

/** What a `--fail-if` condition may watch: all ops' throughput, and their p99 over each whole run. */
export const GATE_METRICS = ['ops/s', 'p99'] as const;
export type GateMetric = (typeof GATE_METRICS)[number];

/** One condition: fail when the metric's change is past `boundPct` in the condition's direction, and significant. */
export interface GateCondition {
  text: string;
  metric: GateMetric;
  /** `<`: fail below the bound (a drop); `>`: fail above it (a rise). */
  direction: '<' | '>';
  boundPct: number;
}

/** One condition judged for one candidate group against the baseline group. */
export interface GateResult {
  condition: string;
  candidate: string;
  changePct: number | null;
  p: number | null;
  significant: boolean;
  failed: boolean;
  /** Why it passed or failed, in words, for the terminal and the JUnit file. */
  reason: string;
}

export class GateError extends Error {}

const CONDITION = /^\s*(ops\/s|p99)\s*([<>])\s*([+-]?\d+(?:\.\d+)?)\s*%\s*$/;

/** `"ops/s<-5%,p99>+10%"` as conditions; a clear error naming the condition that does not parse. */
export function parseFailIf(spec: string): GateCondition[] {
  const parts = spec.split(',').filter((p) => p.trim() !== '');
  if (parts.length === 0) throw new GateError('--fail-if needs at least one condition, e.g. "ops/s<-5%,p99>+10%"');
  return parts.map((text) => {
    const m = CONDITION.exec(text);
    if (!m) {
      throw new GateError(
        `--fail-if: "${text.trim()}" is not a condition: write METRIC<PCT% or METRIC>PCT%, METRIC one of ${GATE_METRICS.join(', ')}, e.g. "ops/s<-5%" or "p99>+10%"`,
      );
    }
    return { text: text.trim(), metric: m[1] as GateMetric, direction: m[2] as '<' | '>', boundPct: Number(m[3]) };
  });
}

const pct = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(1)} %`;

function judge(c: GateCondition, candidate: string, cell: GroupCell | null | undefined): GateResult {
  const base = { condition: c.text, candidate };
  if (!cell || cell.changePct === undefined || cell.tooFew) {
    return { ...base, changePct: null, p: null, significant: false, failed: false, reason: 'too few runs to judge: nothing to fail on' };
  }
  const change = cell.changePct;
  const beyond = c.direction === '<' ? change < c.boundPct : change > c.boundPct;
  const significant = cell.significant === true;
  const failed = beyond && significant;
  const reason = failed
    ? `${c.metric} changed ${pct(change)} (p ${cell.p!.toPrecision(2)}), past ${c.direction} ${pct(c.boundPct)}`
    : beyond
      ? `${c.metric} changed ${pct(change)}, past the bound but within run-to-run noise (p ${cell.p!.toPrecision(2)})`
      : `${c.metric} changed ${pct(change)}, within ${c.direction} ${pct(c.boundPct)}`;
  return { ...base, changePct: change, p: cell.p ?? null, significant, failed, reason };
}

/** Every condition for every candidate group, on the runs (the group test), against the first group. */
export function gateResults(conditions: readonly GateCondition[], groups: GroupTables): GateResult[] {
  const row = (m: GateMetric) => (m === 'ops/s' ? groups.throughput : groups.p99).find((r) => r.op === TOTAL);
  return groups.groups.slice(1).flatMap((g, i) => conditions.map((c) => judge(c, g.label, row(c.metric)?.cells[i + 1])));
}
