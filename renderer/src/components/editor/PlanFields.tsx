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

/** Run the scenario N times, once per value of one setting, or once per combination of two: in the start bar, beside Start. */
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
      <SweepAxis
        label="Sweep"
        title="A sweep runs once per value and ends with a comparison of the values."
        id="sweep"
        invalid={problem('sweep') !== undefined}
        setting={plan.setting}
        values={plan.values}
        placeholders={['setting, e.g. inFlight', 'values, e.g. 1, 8, 64, 256']}
        onChange={(setting, values) => update({ setting, values })}
      />
      <datalist id="sweep-settings">
        {SWEEP_SUGGESTIONS.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <SweepAxis
        label="and by"
        title="A second setting runs every combination of both (a grid), compared per value of the first."
        id="sweep-inner"
        invalid={problem('sweepInner') !== undefined}
        setting={plan.innerSetting}
        values={plan.innerValues}
        placeholders={['setting (optional)', 'values, e.g. true, false']}
        onChange={(innerSetting, innerValues) => update({ innerSetting, innerValues })}
      />
      {errors.map((e) => (
        <div key={e.field} className="field-error" role="alert" data-testid={`error-plan-${e.field}`}>
          {e.reason}
        </div>
      ))}
    </div>
  );
}

interface AxisProps {
  label: string;
  title: string;
  id: string;
  invalid: boolean;
  setting: string;
  values: string;
  placeholders: [string, string];
  onChange(setting: string, values: string): void;
}

/** One swept setting and its values, typed as text (checked by plan-check as they are typed). */
function SweepAxis({ label, title, id, invalid, setting, values, placeholders, onChange }: AxisProps) {
  return (
    <label title={title}>
      {label}
      <input
        id={`f-${id}`}
        aria-invalid={invalid}
        list="sweep-settings"
        placeholder={placeholders[0]}
        value={setting}
        onChange={(e) => onChange(e.target.value, values)}
        data-testid={`plan-${id}-setting`}
      />
      over
      <input
        placeholder={placeholders[1]}
        value={values}
        onChange={(e) => onChange(setting, e.target.value)}
        data-testid={`plan-${id}-values`}
      />
    </label>
  );
}
