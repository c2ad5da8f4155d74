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

export function applyOverrides(input: Record<string, unknown>, assignments: readonly string[]): Record<string, unknown> {
  const out = structuredClone(input);
  for (const a of assignments) {
    const { path, value } = parseAssignment(a);
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
