import type { RunIndexEntry } from '../library/run-index';
import { fmtInt, NO_FIGURE } from '../../app/report/numbers';
import { fmtLatencyAscii } from '../../app/report/latency-format';
import { table } from './format';
import { groupValue, SHORT_ID } from '../../app/run/title';

export const SORT_KEYS = ['date', 'ops', 'p99', 'scenario'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Outcomes whose reason is listed under the table: the run finished, but not cleanly. */
const CAVEATS = new Set<string>(['done with errors', 'degraded', 'failed']);

const opsOf = (e: RunIndexEntry): number => e.opsPerSec ?? -1;
const p99Of = (e: RunIndexEntry): number => e.p99 ?? Infinity;

const ORDER: Record<SortKey, (a: RunIndexEntry, b: RunIndexEntry) => number> = {
  date: (a, b) => b.file.localeCompare(a.file),
  ops: (a, b) => opsOf(b) - opsOf(a),
  p99: (a, b) => p99Of(a) - p99Of(b),
  scenario: (a, b) => a.scenario.localeCompare(b.scenario) || b.file.localeCompare(a.file),
};

type Listed = RunIndexEntry & { label?: string };

/** The runs `kvscope runs` shows: those any shown text matches (the label too), in `sort` order. */
export function listedRuns<E extends Listed>(entries: readonly E[], sort: SortKey, filter = ''): E[] {
  const needle = filter.toLowerCase();
  return entries
    .filter(
      (e) =>
        needle === '' ||
        [e.id, e.file, e.scenario, groupValue(e.group), e.target, e.status, e.outcome ?? '', e.label ?? ''].some((t) =>
          t.toLowerCase().includes(needle),
        ),
    )
    .sort(ORDER[sort]);
}

/** The runs table of `kvscope runs`: filtered by any shown text, sorted by `sort`. */
export function runsTable(entries: readonly Listed[], sort: SortKey, filter = ''): string {
  const shown = listedRuns(entries, sort, filter);
  const rows = shown.map((e) => [
    e.id.slice(0, SHORT_ID) || '-',
    e.createdAt.replace('T', ' ').slice(0, 19),
    e.group ? `${e.scenario} ${groupValue(e.group)}` : e.scenario,
    e.target,
    e.seconds === null ? NO_FIGURE : `${e.seconds} s`,
    e.opsPerSec === null ? NO_FIGURE : fmtInt(e.opsPerSec),
    e.p99 === null ? NO_FIGURE : fmtLatencyAscii(e.p99),
    e.thresholdsMissed ? `${e.outcome ?? e.status}, thresholds missed` : (e.outcome ?? e.status),
    e.label ?? '',
  ]);
  if (rows.length === 0) return filter ? `no runs match "${filter}"` : 'no runs yet';
  const broken = shown.filter((e) => e.status === 'unreadable').map((e) => `  ${e.file}: ${e.error ?? 'unreadable'}`);
  const caveats = shown
    .filter((e) => CAVEATS.has(e.outcome ?? '') && e.reason)
    .map((e) => `  ${e.id.slice(0, SHORT_ID)} ${e.outcome}: ${e.reason}`);
  const missed = shown.filter((e) => e.thresholdsMissed).map((e) => `  ${e.id.slice(0, SHORT_ID)}: ${e.thresholdsMissed}`);
  const text = table([['id', 'date', 'scenario', 'target', 'measured', 'ops/s', 'p99', 'outcome', 'label'], ...rows], {
    left: [0, 1, 2, 3, 7, 8],
  });
  const out = [text];
  if (caveats.length) out.push('', 'runs whose numbers carry a caveat:', ...caveats);
  if (missed.length) out.push('', "runs that missed their scenario's thresholds:", ...missed);
  if (broken.length) out.push('', 'files in the runs folder that are not readable runs (left untouched):', ...broken);
  return out.join('\n');
}
