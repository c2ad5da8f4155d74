import type { RunGroup } from '../plan/group';
import { cellText, plainValue } from '../plan/grid';

/** Ids are UUIDs: their first 8 characters tell a folder's runs apart, as the Runs page, the CLI and the exports show them. */
export const SHORT_ID = 8;

/** A swept run's values: `inFlight=8`, or in a grid every setting's, `valueSize=1024 pipelining=true`. */
export function sweptText(g: RunGroup): string {
  return g.cell ? cellText(g.cell) : `${g.setting}=${plainValue(g.value)}`;
}

/** What sets a run apart within its plan: `inFlight=8` in a sweep, `#2/5` in a repeat; '' alone. */
export function groupValue(g: RunGroup | null | undefined): string {
  if (!g) return '';
  if (g.kind === 'capacity') return g.value === null ? 'closed-loop probe' : sweptText(g);
  return g.kind === 'sweep' && g.setting ? sweptText(g) : `#${g.index + 1}/${g.count}`;
}

/**
 * A run's name everywhere runs sit side by side (Compare, the Runs list, the
 * CLI, exports): a sweep's or repeat's run by what sets it apart, any other
 * by its short id, since several runs share a scenario name.
 */
export function runTitle(r: { name: string; id: string; group?: RunGroup | null }): string {
  return `${r.name} ${groupValue(r.group) || r.id.slice(0, SHORT_ID)}`;
}
