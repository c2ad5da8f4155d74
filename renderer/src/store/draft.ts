import { validateScenario, type FieldError } from '../../../app/scenario/schema';

/**
 * A scenario as it is being edited: shaped like ScenarioInput, but a field may
 * hold what the user typed (e.g. text in a number field) until it is fixed.
 * An absent field means "use the default".
 */
export type Draft = Record<string, unknown>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function getPath(draft: Draft, path: string): unknown {
  let cur: unknown = draft;
  for (const part of path.split('.')) {
    if (!isRecord(cur)) return undefined;
    cur = cur[part];
  }
  return cur;
}

/** A copy with `path` set; `undefined` removes the field so its default applies. */
export function setPath(draft: Draft, path: string, value: unknown): Draft {
  const [head, ...rest] = path.split('.');
  const copy: Draft = { ...draft };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const child = isRecord(draft[head]) ? draft[head] : {};
  copy[head] = setPath(child, rest.join('.'), value);
  return copy;
}

/** Validate with the same function main uses, so the form and startRun agree. */
export function validateDraft(draft: Draft): FieldError[] {
  const v = validateScenario(draft);
  return v.ok ? [] : v.errors;
}
