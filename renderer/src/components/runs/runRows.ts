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

/** The order a column sorts in when first clicked: newest, fastest and quickest first, names A to Z. */
export const FIRST_DIRECTION: Record<SortKey, 'ascending' | 'descending'> = {
  date: 'descending',
  scenario: 'ascending',
  ops: 'descending',
  p99: 'ascending',
  status: 'ascending',
};

export interface RunSort {
  key: SortKey;
  /** Set when the user clicked the column again: the other way round. */
  reversed: boolean;
}

/** A click on a column: the same column turns the order round, another starts in its first direction. */
export const nextSort = (s: RunSort, key: SortKey): RunSort => (s.key === key ? { key, reversed: !s.reversed } : { key, reversed: false });

/** What a column's header says to assistive technology (aria-sort). */
export function ariaSort(s: RunSort, key: SortKey): 'ascending' | 'descending' | 'none' {
  if (s.key !== key) return 'none';
  const first = FIRST_DIRECTION[key];
  return s.reversed ? (first === 'ascending' ? 'descending' : 'ascending') : first;
}

/** The groups (sweeps and repeats) among the runs, for the group filter: id and how it reads. */
export function groupsOf(runs: readonly RunListItem[]): { id: string; text: string }[] {
  const byId = new Map<string, string>();
  for (const r of runs) {
    const g = r.group;
    if (g && !byId.has(g.id))
      byId.set(
        g.id,
        g.kind === 'capacity'
          ? `capacity search of ${r.scenario}`
          : `${g.kind} of ${r.scenario}${g.kind === 'sweep' && g.setting ? ` over ${g.setting}` : ''} (${g.count} ${g.count === 1 ? 'run' : 'runs'})`,
      );
  }
  return [...byId].map(([id, text]) => ({ id, text }));
}

/** Runs whose scenario, target, status, outcome, label or id contain the filter text (and in `group`, if set), in the chosen order. */
export function visibleRuns(runs: readonly RunListItem[], filter: string, sort: SortKey | RunSort, group = ''): RunListItem[] {
  const s: RunSort = typeof sort === 'string' ? { key: sort, reversed: false } : sort;
  const needle = filter.trim().toLowerCase();
  const hit = (r: RunListItem) =>
    (group === '' || r.group?.id === group) &&
    (needle === '' ||
      [r.scenario, r.target, r.status, r.outcome ?? '', r.label, r.id, r.file, groupText(r)].some((t) => t.toLowerCase().includes(needle)));
  const order = ORDER[s.key];
  return runs.filter(hit).sort((a, b) => (s.reversed ? -order(a, b) : order(a, b)));
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
  if (g.kind === 'capacity') return `capacity ${groupValue(g)}`;
  return g.kind === 'sweep' ? `sweep ${groupValue(g)} (${g.index + 1}/${g.count})` : `repeat ${groupValue(g)}`;
}
