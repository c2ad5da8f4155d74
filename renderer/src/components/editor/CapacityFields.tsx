import { useStartCapacity } from '../../hooks/useStartCapacity';
import { useKv } from '../../store/store';
import { parseSlo, SloError } from '../../../../app/capacity/slo';
import { errorMessage } from '../../../../app/error-message';

function sloProblem(text: string): string | undefined {
  try {
    parseSlo(text);
    return undefined;
  } catch (err) {
    return err instanceof SloError ? err.reason : errorMessage(err);
  }
}

/** A capacity search from the start bar: its objective, and the button that starts it (each step run Repeat times). */
export function CapacityFields({ blocked }: { blocked: boolean }) {
  const plan = useKv((s) => s.editor.plan);
  const starting = useKv((s) => s.editor.starting);
  const start = useStartCapacity();
  // Checked as it is typed, by the parser main uses.
  const sloError = plan.slo.trim() === '' ? undefined : sloProblem(plan.slo);
  const sweeping = plan.setting.trim() !== '' || plan.innerSetting.trim() !== '';
  const why = sweeping
    ? 'a capacity search sets the rate itself: clear the sweep first'
    : plan.slo.trim() === ''
      ? 'type an objective first'
      : (sloError ?? null);
  return (
    <div className="capacity-fields">
      <label title="The highest rate that meets it is searched for: a closed-loop probe, then open-loop steps (kvscope capacity).">
        Capacity within
        <input
          type="text"
          placeholder="p99<2ms,errors<0.1%"
          value={plan.slo}
          aria-invalid={sloError !== undefined}
          onChange={(e) => useKv.getState().updatePlan({ slo: e.target.value })}
          data-testid="plan-slo"
        />
      </label>
      <button
        type="button"
        disabled={blocked || starting || why !== null}
        title={why ?? undefined}
        onClick={() => void start()}
        data-testid="capacity-button"
      >
        Find capacity
      </button>
      {sloError && (
        <div className="field-error" role="alert" data-testid="error-plan-slo">
          {sloError}
        </div>
      )}
    </div>
  );
}
