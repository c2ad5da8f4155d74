import type { PlannedRun } from '../../app/plan/plan';
import type { Summary } from '../../app/metrics/summary';
import { cellText, plainValue, rowChange } from '../../app/plan/grid';
import { repeatStats } from '../../app/plan/repeats';
import { fmtInt } from '../../app/report/numbers';
import { table } from './format';

/** One run of a plan, once it has ended: its summary and file, when it got that far. */
export interface Done {
  plan: PlannedRun;
  summary: Summary | null;
  file: string | null;
}

/** A grid run's inner settings and values (all but the outer one): what its outer value's comparison tells apart. */
export const innerText = (p: PlannedRun): string => cellText(p.group?.cell?.slice(1) ?? []);

/** A grid's runs by outer value, in the order they ran. */
export function byOuterValue(done: readonly Done[]): { value: string; done: Done[] }[] {
  const parts = new Map<string, Done[]>();
  for (const d of done) {
    const v = plainValue(d.plan.group?.value);
    parts.set(v, [...(parts.get(v) ?? []), d]);
  }
  return [...parts].map(([value, ds]) => ({ value, done: ds }));
}

/**
 * Throughput per cell: a row per outer value, a column per combination of
 * the inner settings, each the median ops/s of the cell's finished runs and
 * its change from the row's first cell, as the grid chart draws it.
 */
export function gridTable(done: readonly Done[]): string {
  const outer = done[0]?.plan.group?.cell?.[0]?.setting ?? '';
  const columns = [...new Set(done.map((d) => innerText(d.plan)))];
  const rows = [[`${outer} (ops/s median)`, ...columns]];
  for (const part of byOuterValue(done)) {
    const medians = columns.map((col) => {
      const ok = part.done.filter((d) => innerText(d.plan) === col && d.summary !== null);
      return ok.length > 0 ? repeatStats(ok.map((d) => d.summary!.total.opsPerSec.mean)).median : null;
    });
    rows.push([
      part.value,
      ...medians.map((m, i) => {
        const change = rowChange(medians, i);
        return m === null ? 'no run finished' : change ? `${fmtInt(m)} (${change})` : fmtInt(m);
      }),
    ]);
  }
  return table(rows);
}
