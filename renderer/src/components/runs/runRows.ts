import type { RunListItem } from '../../../../app/protocol/bridge';
import { groupValue } from '../../../../app/run/title';

export type SortKey = 'date' | 'scenario' | 'ops' | 'p99' | 'status';

const NONE_LAST = Number.POSITIVE_INFINITY;

const ORDER: Record<SortKey, (a: RunListItem, b: RunListItem) => number> = {
  date: (a, b) => b.file.localeCompare(a.file),
  scenario: (a, b) => a.scenario.localeCompare(b.scenario) || b.file.localeCompare(a.file),
  ops: (a, b) => (b.opsPerSec ?? -1) - (a.opsPerSec ?? -1),
  p99: (a, b) => (a.p99 ?? NONE_LAST) - (b.p99 ?? NONE_LAST),
  status: (a, b) => (a.outcome ?? a.status).localeCompare(b.outcome ?? b.status) || b.file.localeCompare(a.file),
};

/** Runs whose scenario, target, status, outcome, label or id contain the filter text, in the chosen order. */
export function visibleRuns(runs: readonly RunListItem[], filter: string, sort: SortKey): RunListItem[] {
  const needle = filter.trim().toLowerCase();
  const hit = (r: RunListItem) =>
    needle === '' ||
    [r.scenario, r.target, r.status, r.outcome ?? '', r.label, r.id, r.file, groupText(r)].some((t) => t.toLowerCase().includes(needle));
  return runs.filter(hit).sort(ORDER[sort]);
}

/** Ids held by more than one readable file: copies of one run, told apart by their files. */
export function copiedIds(runs: readonly RunListItem[]): Set<string> {
  const seen = new Set<string>();
  const copied = new Set<string>();
  for (const r of runs) {
    if (r.status === 'unreadable') continue;
    if (seen.has(r.id)) copied.add(r.id);
    seen.add(r.id);
  }
  return copied;
}

/** How a run's group reads in the list: "sweep inFlight=8 (2/4)", "repeat #3/5". */
export function groupText(r: RunListItem): string {
  const g = r.group;
  if (!g) return '';
  return g.kind === 'sweep' ? `sweep ${groupValue(g)} (${g.index + 1}/${g.count})` : `repeat ${groupValue(g)}`;
}
