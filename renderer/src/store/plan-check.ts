import { MAX_REPEAT, MAX_SWEEP_VALUES } from '../../../app/plan/group';
import { parseSweep } from '../../../app/plan/sweep';
import { applyOverrides } from '../../../app/scenario/overrides';
import { validateScenario, type FieldError } from '../../../app/scenario/schema';
import { errorMessage } from '../../../app/error-message';
import type { Draft } from './draft';
import type { PlanDraft } from './state';

/**
 * What is wrong with the start bar's repeat and sweep, checked as the user
 * types (main checks again at Start): the repeat count, the sweep's setting
 * and values, and each value as the scenario would take it.
 */
export function planErrors(plan: PlanDraft, draft: Draft | null): FieldError[] {
  const out: FieldError[] = [];
  const repeat = plan.repeat.trim() === '' ? 1 : Number(plan.repeat);
  if (!Number.isInteger(repeat) || repeat < 1 || repeat > MAX_REPEAT)
    out.push({ field: 'repeat', reason: `must be a whole number from 1 to ${MAX_REPEAT}` });
  const setting = plan.setting.trim();
  const values = plan.values.trim();
  if (setting === '' && values === '') return out;
  if (setting === '') return [...out, { field: 'sweep', reason: 'name the setting to sweep, e.g. inFlight' }];
  if (values === '') return [...out, { field: 'sweep', reason: `give the values of ${setting}, e.g. 1, 8, 64` }];
  try {
    const sweep = parseSweep(`${setting}=${values}`);
    if (sweep.values.length > MAX_SWEEP_VALUES) return [...out, { field: 'sweep', reason: `at most ${MAX_SWEEP_VALUES} values` }];
    for (const v of draft ? sweep.values : []) {
      const checked = validateScenario(applyOverrides(draft as unknown as Record<string, unknown>, [`${setting}=${JSON.stringify(v)}`]));
      const bad = checked.ok ? undefined : checked.errors.find((e) => e.field === setting || e.field.startsWith(`${setting}.`));
      if (bad) return [...out, { field: 'sweep', reason: `${setting}=${JSON.stringify(v)}: ${bad.reason}` }];
    }
  } catch (err) {
    out.push({ field: 'sweep', reason: errorMessage(err).replace(/^--sweep /, '') });
  }
  return out;
}
