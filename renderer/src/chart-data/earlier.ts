import type { RunGroup } from '../../../app/plan/group';
import { MAX_SWEEP_VALUES } from '../../../app/plan/group';
import type { Row } from './row';

/**
 * An earlier step of the sweep or repeat on screen: its total ops/s per run
 * second, drawn faded under the step that runs now, second for second, so a
 * step is seen against the ones before it.
 */
export interface EarlierStep {
  key: string;
  label: string;
  totals: ReadonlyMap<number, number>;
}

/** Keys of a cluster row that add up to its total (chart-data/shape.ts clusterRow). */
const TOTAL_KEYS = ['readsOk', 'readsFailed', 'writesOk', 'writesFailed'] as const;

/** What a step is called: its swept value, or its place in the repeat. */
export function stepLabel(g: RunGroup): string {
  return g.kind === 'sweep' && g.setting !== undefined ? `${g.setting}=${JSON.stringify(g.value)}` : `run ${g.index + 1}`;
}

/**
 * The steps to keep when `next` starts after `prev`: those before plus `prev`,
 * when both are steps of one group; none otherwise (a new run starts clean).
 */
export function keepEarlier(
  earlier: readonly EarlierStep[],
  prev: { group?: RunGroup; cluster: readonly Row[] } | null,
  next: RunGroup | undefined,
): EarlierStep[] {
  if (!prev?.group || !next || prev.group.id !== next.id || prev.cluster.length === 0) return [];
  const totals = new Map<number, number>();
  for (const r of prev.cluster) {
    let sum = 0;
    for (const k of TOTAL_KEYS) sum += r[k] ?? 0;
    totals.set(r.t, sum);
  }
  const step: EarlierStep = { key: `earlier:${prev.group.index}`, label: stepLabel(prev.group), totals };
  return [...earlier, step].slice(-MAX_SWEEP_VALUES);
}

/** The drawn rows with each earlier step's total at the same run second (a thinned row takes its own second's). */
export function withEarlier(rows: readonly Row[], earlier: readonly EarlierStep[]): Row[] {
  return rows.map((r) => {
    const out: Row = { ...r };
    for (const e of earlier) {
      const v = e.totals.get(Math.round(r.t));
      if (v !== undefined) out[e.key] = v;
    }
    return out;
  });
}
