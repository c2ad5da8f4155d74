import { randomUUID } from 'node:crypto';
import { applyOverrides, parseAssignment } from '../scenario/overrides';
import { validateScenario, type FieldError, type Scenario } from '../scenario/schema';
import type { RunGroup } from './group';

export type { RunGroup };

/** One scenario run N times, or one setting swept over values (each value run N times). */
export interface PlanSpec {
  repeat: number;
  sweep?: Sweep;
}

export interface Sweep {
  /** Dotted path into the scenario, as `--set` takes it: `valueSize`, `inFlight`, `target.mode`. */
  setting: string;
  values: unknown[];
}


export interface PlannedRun {
  scenario: Scenario;
  group?: RunGroup;
}

// Bounds keep a typo from queueing days of load.
export const MAX_REPEAT = 50;
export const MAX_SWEEP_VALUES = 20;

export class PlanError extends Error {
  constructor(
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'PlanError';
  }
}

/** `setting=v1,v2,v3` or `setting=[v1,v2]`; each value read as JSON when it parses, else as text. */
export function parseSweep(text: string): Sweep {
  const { path, value } = parseAssignment(text);
  const raw = text.slice(text.indexOf('=') + 1);
  const values = Array.isArray(value) ? value : raw.split(',').map((v) => parseAssignment(`x=${v.trim()}`).value);
  if (values.length < 2) throw new PlanError(`--sweep ${text}: give at least two values, separated by commas`);
  return { setting: path.join('.'), values };
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
