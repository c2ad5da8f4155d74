import { validateScenario } from '../../../../app/scenario/schema';
import type { TargetKind } from '../../../../app/scenario/targets';
import { getPath, type Draft } from '../../store/draft';
import type { FieldDef } from './fields';

/** Every default of a scenario of this kind, straight from the schema, so the form never disagrees with it. */
export function defaultsFor(kind: TargetKind): Draft {
  const v = validateScenario({ target: { kind } });
  return v.ok ? v.scenario : {};
}

/** What an empty field means, shown as its placeholder. */
export function placeholderFor(def: FieldDef, defaults: Draft): string {
  const d = getPath(defaults, def.path);
  if (d === undefined || d === '') return def.emptyMeans ?? '';
  return String(d);
}
