import { randomUUID } from 'node:crypto';
import { applyOverrides } from '../scenario/overrides';
import { parseSweep, type Sweep } from './sweep';
import { validateScenario, type FieldError, type Scenario } from '../scenario/schema';
import { isSecretSetting } from '../scenario/secrets';
import { MAX_LABEL_LENGTH, MAX_REPEAT, MAX_SWEEP_CELLS, MAX_SWEEP_SETTINGS, MAX_SWEEP_VALUES, type RunGroup } from './group';
import { cellText, gridCells } from './grid';

export { MAX_REPEAT, MAX_SWEEP_CELLS, MAX_SWEEP_SETTINGS, MAX_SWEEP_VALUES, parseSweep, type RunGroup, type Sweep };

/** One scenario run N times, or swept over one setting's values or a grid of several (each cell N times). */
export interface PlanSpec {
  repeat: number;
  /** The settings swept, outer first: one is a sweep, two or more a grid of every combination. */
  sweeps?: Sweep[];
  /** The user's label for every run (a swept run's values follow it). */
  label?: string;
}

export interface PlannedRun {
  scenario: Scenario;
  group?: RunGroup;
  /** A grid's or sweep's run is labelled by its swept values (the user's own label before them). */
  label?: string;
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

function checkSweeps(sweeps: readonly Sweep[]): void {
  if (sweeps.length > MAX_SWEEP_SETTINGS) {
    throw new PlanError(`sweep: at most ${MAX_SWEEP_SETTINGS} settings at once, got ${sweeps.length}`, [
      { field: 'sweeps', reason: `at most ${MAX_SWEEP_SETTINGS} settings at once` },
    ]);
  }
  const seen = new Set<string>();
  sweeps.forEach((sweep, i) => {
    if (sweep.values.length < 2 || sweep.values.length > MAX_SWEEP_VALUES) {
      throw new PlanError(`sweep ${sweep.setting}: give 2 to ${MAX_SWEEP_VALUES} values, got ${sweep.values.length}`, [
        { field: `sweeps.${i}.values`, reason: `give 2 to ${MAX_SWEEP_VALUES} values` },
      ]);
    }
    if (isSecretSetting(sweep.setting)) {
      // Sweep values are shown in the window and written to every run's header.
      throw new PlanError(`sweep: ${sweep.setting} is a secret and cannot be swept`, [
        { field: `sweeps.${i}.setting`, reason: 'a secret cannot be swept (its values would be shown and recorded)' },
      ]);
    }
    if (seen.has(sweep.setting)) {
      throw new PlanError(`sweep: ${sweep.setting} is swept twice`, [{ field: `sweeps.${i}.setting`, reason: 'swept twice' }]);
    }
    seen.add(sweep.setting);
  });
  const cells = sweeps.reduce((n, s) => n * s.values.length, 1);
  if (sweeps.length > 1 && cells > MAX_SWEEP_CELLS) {
    throw new PlanError(`sweep: ${cells} combinations, at most ${MAX_SWEEP_CELLS}`, [
      { field: 'sweeps', reason: `at most ${MAX_SWEEP_CELLS} combinations of values` },
    ]);
  }
}

/**
 * The runs a plan makes, in order, each scenario validated with its swept
 * values applied: a bad value is reported with the setting and the value,
 * before anything runs.
 */
export function planRuns(input: Record<string, unknown>, spec: PlanSpec): PlannedRun[] {
  const label = spec.label;
  if (!Number.isInteger(spec.repeat) || spec.repeat < 1 || spec.repeat > MAX_REPEAT) {
    throw new PlanError(`repeat: must be a whole number from 1 to ${MAX_REPEAT}, got ${spec.repeat}`, [
      { field: 'repeat', reason: `must be a whole number from 1 to ${MAX_REPEAT}` },
    ]);
  }
  const sweeps = spec.sweeps ?? [];
  checkSweeps(sweeps);
  if (label !== undefined && label.length > MAX_LABEL_LENGTH) {
    throw new PlanError(`label: at most ${MAX_LABEL_LENGTH} characters, got ${label.length}`, [
      { field: 'label', reason: `at most ${MAX_LABEL_LENGTH} characters` },
    ]);
  }
  const cells = sweeps.length > 0 ? gridCells(sweeps) : [[]];
  const scenarios = cells.map((cell) => {
    const v = validateScenario(
      applyOverrides(
        input,
        cell.map((c) => `${c.setting}=${JSON.stringify(c.value)}`),
      ),
    );
    if (v.ok) return v.scenario;
    const which = cell.length > 0 ? `${cellText(cell)}: ` : '';
    throw new PlanError(`${which}${v.errors.map((e) => `${e.field}: ${e.reason}`).join('; ')}`, v.errors);
  });
  const count = scenarios.length * spec.repeat;
  if (count === 1) return [{ scenario: scenarios[0], ...(label ? { label } : {}) }];
  const id = randomUUID();
  const runs: PlannedRun[] = [];
  scenarios.forEach((scenario, s) => {
    const cell = cells[s];
    const swept = cell.length > 0 ? cellText(cell) : '';
    // The user's label leads; a long one leaves the swept values what room is left.
    const runLabel = [label, swept].filter(Boolean).join(' ').slice(0, MAX_LABEL_LENGTH);
    for (let r = 0; r < spec.repeat; r++) {
      const group: RunGroup = { kind: cell.length > 0 ? 'sweep' : 'repeat', id, index: runs.length, count };
      if (cell.length > 0) Object.assign(group, { setting: cell[0].setting, value: cell[0].value });
      if (cell.length > 1) group.cell = cell;
      runs.push({ scenario, group, ...(runLabel ? { label: runLabel } : {}) });
    }
  });
  return runs;
}
