/**
 * `--set key=value` for scenarios: dotted paths into the raw scenario, values
 * read as JSON when they parse (numbers, booleans, arrays) and as text when not.
 * Applied before validation so a bad value is reported like any other field.
 */
export function parseAssignment(text: string): { path: string[]; value: unknown } {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new Error(`--set ${text}: expected key=value`);
  const path = text.slice(0, eq).split('.');
  if (path.some((p) => p === '' || p === '__proto__' || p === 'constructor' || p === 'prototype')) {
    throw new Error(`--set ${text}: invalid key`);
  }
  const raw = text.slice(eq + 1);
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // not JSON: keep the text as a string
  }
  return { path, value };
}

/**
 * Applies each assignment in order. A count set here (`totalOps`) runs to its
 * count: the scenario's own `durationSeconds` was the length of a timed run,
 * so it is dropped unless the same assignments set a duration too, which is
 * then the count's time limit (runSeconds gives one of a day otherwise).
 */
export function applyOverrides(input: Record<string, unknown>, assignments: readonly string[]): Record<string, unknown> {
  const out = structuredClone(input);
  const parsed = assignments.map(parseAssignment);
  const sets = (key: string): boolean => parsed.some((p) => p.path.length === 1 && p.path[0] === key);
  if (sets('totalOps') && !sets('durationSeconds')) delete out.durationSeconds;
  for (const { path, value } of parsed) {
    let node: Record<string, unknown> = out;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      if (next === undefined || next === null || typeof next !== 'object' || Array.isArray(next)) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    node[path[path.length - 1]] = value;
  }
  return out;
}
