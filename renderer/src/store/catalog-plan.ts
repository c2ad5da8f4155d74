import { CATALOG_SWEEPS } from '../../../app/scenario/catalog';
import type { PlanDraft } from './store';

/**
 * The start bar's plan when a scenario is loaded: a catalog sweep (e.g.
 * aerospike-payloads over the value size) fills in its setting and values;
 * leaving such a scenario clears them; otherwise the plan stays as typed.
 */
export function planFor(next: string | undefined, previous: string | null, plan: PlanDraft): PlanDraft {
  const own = next === undefined ? undefined : CATALOG_SWEEPS[next];
  if (own) {
    const [setting, values] = own.split('=');
    return { ...plan, setting, values: values.split(',').join(', '), innerSetting: '', innerValues: '' };
  }
  if (previous !== null && CATALOG_SWEEPS[previous]) return { ...plan, setting: '', values: '', innerSetting: '', innerValues: '' };
  return plan;
}
