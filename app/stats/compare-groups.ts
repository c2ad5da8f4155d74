import type { RunFile } from '../run/format';
import { TOTAL } from './series';
import { comparedOps, comparisonBase, CompareError, hasOp, p99Of, throughputOf, type CompareOptions, type Comparison } from './compare';
import { MAX_GROUP_RUNS, MAX_GROUPS, MIN_GROUPS } from './limits';
import { runsVerdict, type Verdict } from './verdict';
import { US_PER_MS } from '../report/numbers';
import { sweptText } from '../run/title';

/** A group: its name and its runs, as indexes into the comparison's runs. */
export interface GroupRef {
  label: string;
  runs: number[];
}

/** One group's figure: the mean over its runs of each run's figure (listed, null where a run lacks the op); candidates carry the verdict against the first group. */
export type GroupCell = { mean: number; perRun: (number | null)[]; seconds: number } & Partial<Verdict>;

export interface GroupRow {
  op: string;
  cells: (GroupCell | null)[];
}

/** The group view of a comparison: the first group is the baseline. */
export interface GroupTables {
  groups: GroupRef[];
  /** Each run's figure is the mean ops/s of its measured seconds. */
  throughput: GroupRow[];
  /** Each run's figure is the p99 of its whole measured run (ms), not a mean of per-second p99s. */
  p99: GroupRow[];
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRST';

/**
 * A name for each group: its swept value where all its runs share one
 * (`payload=1024`), else its scenario's name where that tells the groups
 * apart, else a letter (A, B, ...), the order they were given in.
 */
export function groupLabels(groups: readonly (readonly RunFile[])[]): string[] {
  const common = (g: readonly RunFile[], of: (r: RunFile) => string | undefined) => {
    const vs = new Set(g.map(of));
    return vs.size === 1 ? [...vs][0] : undefined;
  };
  const swept = groups.map((g) => common(g, (r) => (r.header.group?.setting ? sweptText(r.header.group) : undefined)));
  const named = groups.map((g) => common(g, (r) => r.header.scenario.name));
  const distinct = (xs: (string | undefined)[]) => xs.every((x) => x !== undefined) && new Set(xs).size === xs.length;
  if (distinct(swept)) return swept as string[];
  if (distinct(named)) return named as string[];
  return groups.map((_, i) => LETTERS[i] ?? `group ${i + 1}`);
}

const mean = (xs: readonly number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;

/** A run's p99 over its whole measured run for an op, in ms. */
function runP99(r: RunFile, op: string): number | null {
  const l = op === TOTAL ? r.summary.total.latency : r.summary.ops[op]?.latency;
  return l && l.count > 0 ? l.p99 / US_PER_MS : null;
}

function groupRow(op: string, perGroup: { values: (number | null)[]; seconds: number }[]): GroupRow {
  const cells = perGroup.map(({ values, seconds }): GroupCell | null => {
    const have = values.filter((v): v is number => v !== null);
    return have.length === 0 ? null : { mean: mean(have), perRun: values, seconds };
  });
  const base = cells[0];
  return {
    op,
    cells: cells.map((cell, i) => {
      if (!cell || i === 0 || !base) return cell;
      const a = base.perRun.filter((v): v is number => v !== null);
      const b = cell.perRun.filter((v): v is number => v !== null);
      return { ...cell, ...runsVerdict(a, b, [base.seconds, cell.seconds]) };
    }),
  };
}

/**
 * Compare groups of runs, each group the repeats of one side (the first
 * group the baseline): a run is one value, its mean ops/s or its p99, and
 * the verdict is a test on the runs (app/stats/verdict.ts), so run-to-run
 * noise is in it. The per-run rows carry each run's own figures, unjudged.
 */
export function compareGroups(groups: readonly (readonly RunFile[])[], labels: readonly string[], opts: CompareOptions = {}): Comparison {
  const total = groups.reduce((a, g) => a + g.length, 0);
  if (groups.length < MIN_GROUPS || groups.length > MAX_GROUPS)
    throw new CompareError(`a comparison of groups takes ${MIN_GROUPS} to ${MAX_GROUPS} groups, got ${groups.length}`);
  if (groups.some((g) => g.length === 0)) throw new CompareError('every group of a comparison needs at least one run');
  if (total > MAX_GROUP_RUNS) throw new CompareError(`a comparison of groups takes at most ${MAX_GROUP_RUNS} runs in all, got ${total}`);
  const runs = groups.flat();
  const refs: GroupRef[] = [];
  let next = 0;
  groups.forEach((g, i) => {
    refs.push({ label: labels[i] ?? `group ${i + 1}`, runs: g.map((_, k) => next + k) });
    next += g.length;
  });
  const ops = comparedOps(runs);
  const figure = (op: string, value: (r: RunFile) => number | null, seconds: (r: RunFile) => number) =>
    groupRow(
      op,
      groups.map((g) => ({ values: g.map((r) => (hasOp(r, op) ? value(r) : null)), seconds: g.reduce((a, r) => a + seconds(r), 0) })),
    );
  const throughputSeconds = (op: string) => (r: RunFile) => throughputOf(r, op, opts) ?? [];
  const meanOr = (xs: number[]) => (xs.length === 0 ? null : mean(xs));
  return {
    ...comparisonBase(runs, 0, opts, false),
    groups: {
      groups: refs,
      throughput: ops.map((op) =>
        figure(
          op,
          (r) => meanOr(throughputSeconds(op)(r)),
          (r) => throughputSeconds(op)(r).length,
        ),
      ),
      p99: ops.map((op) =>
        figure(
          op,
          (r) => runP99(r, op),
          (r) => p99Of(r, op, opts)?.length ?? 0,
        ),
      ),
    },
  };
}
