import { randomUUID } from 'node:crypto';
import { applyOverrides } from '../scenario/overrides';
import { parseSweep, type Sweep } from './sweep';
import { validateScenario, type FieldError, type Scenario } from '../scenario/schema';
import { isSecretSetting } from '../scenario/secrets';
import { MAX_REPEAT, MAX_SWEEP_VALUES, type RunGroup } from './group';

export { MAX_REPEAT, MAX_SWEEP_VALUES, parseSweep, type RunGroup, type Sweep };

/** One scenario run N times, or one setting swept over values (each value run N times). */
export interface PlanSpec {
  repeat: number;
  sweep?: Sweep;
}

export interface PlannedRun {
  scenario: Scenario;
  group?: RunGroup;
}

export class PlanError extends Error {
  constructor(
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'PlanError';
  }
}

/**
 * The runs a plan makes, in order, each scenario validated with its swept
 * value applied: a bad value is reported with the setting and the value,
 * before anything runs.
 */
export function planRuns(input: Record<string, unknown>, spec: PlanSpec): PlannedRun[] {
  if (!Number.isInteger(spec.repeat) || spec.repeat < 1 || spec.repeat > MAX_REPEAT) {
    throw new PlanError(`repeat: must be a whole number from 1 to ${MAX_REPEAT}, got ${spec.repeat}`, [
      { field: 'repeat', reason: `must be a whole number from 1 to ${MAX_REPEAT}` },
    ]);
  }
  const sweep = spec.sweep;
  if (sweep && (sweep.values.length < 2 || sweep.values.length > MAX_SWEEP_VALUES)) {
    throw new PlanError(`sweep: give 2 to ${MAX_SWEEP_VALUES} values, got ${sweep.values.length}`, [
      { field: 'sweep.values', reason: `give 2 to ${MAX_SWEEP_VALUES} values` },
    ]);
  }
  if (sweep && isSecretSetting(sweep.setting)) {
    // Sweep values are shown in the window and written to every run's header.
    throw new PlanError(`sweep: ${sweep.setting} is a secret and cannot be swept`, [
      { field: 'sweep.setting', reason: 'a secret cannot be swept (its values would be shown and recorded)' },
    ]);
  }
  const steps: { input: Record<string, unknown>; value?: unknown }[] = sweep
    ? sweep.values.map((value) => ({ input: applyOverrides(input, [`${sweep.setting}=${JSON.stringify(value)}`]), value }))
    : [{ input }];
  const scenarios = steps.map((step) => {
    const v = validateScenario(step.input);
    if (v.ok) return v.scenario;
    const which = sweep ? `${sweep.setting}=${JSON.stringify(step.value)}: ` : '';
    throw new PlanError(`${which}${v.errors.map((e) => `${e.field}: ${e.reason}`).join('; ')}`, v.errors);
  });
  const count = scenarios.length * spec.repeat;
  if (count === 1) return [{ scenario: scenarios[0] }];
  const id = randomUUID();
  const runs: PlannedRun[] = [];
  scenarios.forEach((scenario, s) => {
    for (let r = 0; r < spec.repeat; r++) {
      const group: RunGroup = { kind: sweep ? 'sweep' : 'repeat', id, index: runs.length, count };
      if (sweep) Object.assign(group, { setting: sweep.setting, value: steps[s].value });
      runs.push({ scenario, group });
    }
  });
  return runs;
}
