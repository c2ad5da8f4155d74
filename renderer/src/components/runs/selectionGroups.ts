import type { RunListItem } from '../../../../app/protocol/bridge';
import { MAX_GROUP_RUNS, MAX_GROUPS, MIN_GROUPS } from '../../../../app/stats/limits';

/** What a run belongs with: its repeat (or a sweep's value), or, outside any plan, itself alone. */
const keyOf = (r: RunListItem): string =>
  r.group ? `${r.group.id}:${r.group.kind === 'sweep' ? JSON.stringify(r.group.value) : ''}` : `file:${r.file}`;

/**
 * The picked runs as groups to compare on their runs: each repeat (or each
 * swept value of a plan) one group, in the order the first of each was
 * picked, so the first picked group is the baseline. Null unless that makes
 * two or more groups and at least one has two runs (else there is nothing
 * to judge on runs), within the limits.
 */
export function selectionGroups(picked: readonly string[], runs: readonly RunListItem[]): { files: string[]; groups: number[] } | null {
  const order: string[] = [];
  const byKey = new Map<string, string[]>();
  for (const file of picked) {
    const r = runs.find((x) => x.file === file);
    if (!r) return null;
    const k = keyOf(r);
    if (!byKey.has(k)) order.push(k);
    byKey.set(k, [...(byKey.get(k) ?? []), file]);
  }
  const lists = order.map((k) => byKey.get(k)!);
  if (lists.length < MIN_GROUPS || lists.length > MAX_GROUPS || picked.length > MAX_GROUP_RUNS) return null;
  if (!lists.some((l) => l.length > 1)) return null;
  return { files: lists.flat(), groups: lists.flatMap((l, i) => l.map(() => i)) };
}
