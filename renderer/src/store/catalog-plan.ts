import { catalogSweeps } from '../../../app/scenario/catalog';
import type { PlanDraft } from './store';

/**
 * The start bar's plan when a scenario is loaded: a catalog sweep (e.g.
 * aerospike-payloads over the value size) fills in its setting and values,
 * a catalog grid both settings;
 * leaving such a scenario clears them; otherwise the plan stays as typed.
 */
export function planFor(next: string | undefined, previous: string | null, plan: PlanDraft): PlanDraft {
  const own = next === undefined ? [] : catalogSweeps(next);
  if (own.length > 0) {
    const [outer, inner] = own.map((text) => {
      const [setting, values] = text.split('=');
      return { setting, values: values.split(',').join(', ') };
    });
    return { ...plan, ...outer, innerSetting: inner?.setting ?? '', innerValues: inner?.values ?? '' };
  }
  if (previous !== null && catalogSweeps(previous).length > 0)
    return { ...plan, setting: '', values: '', innerSetting: '', innerValues: '' };
  return plan;
}
