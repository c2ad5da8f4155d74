import type { RunGroup } from '../plan/group';

/** Ids are UUIDs: their first 8 characters tell a folder's runs apart, as the Runs page, the CLI and the exports show them. */
export const SHORT_ID = 8;

/** A setting's value as a person writes it: `async`, not `"async"`. */
const plain = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** What sets a run apart within its plan: `inFlight=8` in a sweep, `#2/5` in a repeat; '' alone. */
export function groupValue(g: RunGroup | null | undefined): string {
  if (!g) return '';
  return g.kind === 'sweep' && g.setting ? `${g.setting}=${plain(g.value)}` : `#${g.index + 1}/${g.count}`;
}

/**
 * A run's name everywhere runs sit side by side (Compare, the Runs list, the
 * CLI, exports): a sweep's or repeat's run by what sets it apart, any other
 * by its short id, since several runs share a scenario name.
 */
export function runTitle(r: { name: string; id: string; group?: RunGroup | null }): string {
  return `${r.name} ${groupValue(r.group) || r.id.slice(0, SHORT_ID)}`;
}
