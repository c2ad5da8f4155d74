import { MAX_REPEAT } from '../../../../app/plan/group';
import { useKv } from '../../store/store';
import type { FieldError } from '../../../../app/scenario/schema';

/** Settings a sweep usually walks; any dotted path of the scenario may be typed. */
const SWEEP_SUGGESTIONS = [
  'inFlight',
  'workers',
  'valueSize',
  'mix.get',
  'target.mode',
  'target.servers',
  'durationSeconds',
  'node',
  'target.client',
];

/** Run the scenario N times, or once per value of one setting: in the start bar, beside Start. */
export function PlanFields({ errors }: { errors: readonly FieldError[] }) {
  const plan = useKv((s) => s.editor.plan);
  const problem = (field: string) => errors.find((e) => e.field === field)?.reason;
  const update = useKv.getState().updatePlan;
  return (
    <div className="plan-fields">
      <label>
        Repeat
        <input
          id="f-repeat"
          type="number"
          min={1}
          max={MAX_REPEAT}
          aria-invalid={problem('repeat') !== undefined}
          value={plan.repeat}
          onChange={(e) => update({ repeat: e.target.value })}
          data-testid="plan-repeat"
        />
        times
      </label>
      <label title="A sweep runs once per value and ends with a comparison of the values.">
        Sweep
        <input
          id="f-sweep"
          aria-invalid={problem('sweep') !== undefined}
          list="sweep-settings"
          placeholder="setting, e.g. inFlight"
          value={plan.setting}
          onChange={(e) => update({ setting: e.target.value })}
          data-testid="plan-sweep-setting"
        />
        <datalist id="sweep-settings">
          {SWEEP_SUGGESTIONS.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        over
        <input
          placeholder="values, e.g. 1, 8, 64, 256"
          value={plan.values}
          onChange={(e) => update({ values: e.target.value })}
          data-testid="plan-sweep-values"
        />
      </label>
      {errors.map((e) => (
        <div key={e.field} className="field-error" role="alert" data-testid={`error-plan-${e.field}`}>
          {e.reason}
        </div>
      ))}
    </div>
  );
}
