import { MAX_REPEAT, MAX_SWEEP_CELLS, MAX_SWEEP_VALUES } from '../../../app/plan/group';
import { parseSweep } from '../../../app/plan/sweep';
import { applyOverrides } from '../../../app/scenario/overrides';
import { validateScenario, type FieldError } from '../../../app/scenario/schema';
import { errorMessage } from '../../../app/error-message';
import type { Draft } from './draft';
import type { PlanDraft } from './state';

/** One axis of the start bar's sweep as typed, with the field its errors are shown on. */
interface AxisDraft {
  field: 'sweep' | 'sweepInner';
  setting: string;
  values: string;
}

const axes = (plan: PlanDraft): AxisDraft[] => [
  { field: 'sweep', setting: plan.setting.trim(), values: plan.values.trim() },
  { field: 'sweepInner', setting: plan.innerSetting.trim(), values: plan.innerValues.trim() },
];

/** The sweep's settings as typed, outer first; an axis left empty is no axis. */
export function draftSweeps(plan: PlanDraft): { setting: string; values: string }[] {
  return axes(plan).filter((a) => a.setting !== '' || a.values !== '');
}

/** What is wrong with one axis, or its value count when it is right. */
function axisErrors(a: AxisDraft, draft: Draft | null): FieldError | number {
  if (a.setting === '') return { field: a.field, reason: 'name the setting to sweep, e.g. inFlight' };
  if (a.values === '') return { field: a.field, reason: `give the values of ${a.setting}, e.g. 1, 8, 64` };
  try {
    const sweep = parseSweep(`${a.setting}=${a.values}`);
    if (sweep.values.length > MAX_SWEEP_VALUES) return { field: a.field, reason: `at most ${MAX_SWEEP_VALUES} values` };
    for (const v of draft ? sweep.values : []) {
      const checked = validateScenario(applyOverrides(draft as unknown as Record<string, unknown>, [`${a.setting}=${JSON.stringify(v)}`]));
      const bad = checked.ok ? undefined : checked.errors.find((e) => e.field === a.setting || e.field.startsWith(`${a.setting}.`));
      if (bad) return { field: a.field, reason: `${a.setting}=${JSON.stringify(v)}: ${bad.reason}` };
    }
    return sweep.values.length;
  } catch (err) {
    return { field: a.field, reason: errorMessage(err).replace(/^--sweep /, '') };
  }
}

/**
 * What is wrong with the start bar's repeat and sweep, checked as the user
 * types (main checks again at Start): the repeat count, each swept setting
 * and its values, each value as the scenario would take it, and a grid's
 * size.
 */
export function planErrors(plan: PlanDraft, draft: Draft | null): FieldError[] {
  const out: FieldError[] = [];
  const repeat = plan.repeat.trim() === '' ? 1 : Number(plan.repeat);
  if (!Number.isInteger(repeat) || repeat < 1 || repeat > MAX_REPEAT)
    out.push({ field: 'repeat', reason: `must be a whole number from 1 to ${MAX_REPEAT}` });
  const [outer, inner] = axes(plan);
  const typed = draftSweeps(plan);
  if (typed.length === 0) return out;
  if (outer.setting === '' && outer.values === '')
    return [...out, { field: 'sweep', reason: 'fill in the first sweep before the second (it is the outer one)' }];
  const counts: number[] = [];
  for (const a of typed.length === 2 ? [outer, inner] : [outer]) {
    const r = axisErrors(a, draft);
    if (typeof r === 'number') counts.push(r);
    else out.push(r);
  }
  if (counts.length === 2 && outer.setting === inner.setting) out.push({ field: 'sweepInner', reason: `${inner.setting} is swept twice` });
  else if (counts.length === 2 && counts[0] * counts[1] > MAX_SWEEP_CELLS)
    out.push({ field: 'sweepInner', reason: `${counts[0] * counts[1]} combinations, at most ${MAX_SWEEP_CELLS}` });
  return out;
}
