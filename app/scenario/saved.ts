import { SECRET_FIELDS } from './secrets';

/**
 * A saved scenario's name is its file's name in the scenarios folder, and what
 * `kvscope run NAME` takes: letters, digits, dots, hyphens and underscores,
 * not starting with a dot, so it can never name a folder or a hidden file.
 */
export const SAVED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const MAX_SAVED_NAME = 64;
/** Saved scenarios kept at most: the list is read whole on every open. */
export const MAX_SAVED_SCENARIOS = 500;
/** A scenario file is a few hundred bytes; anything far larger is not one. */
export const MAX_SCENARIO_FILE_CHARS = 256 * 1024;

/** Why `name` cannot be a saved scenario's name (null when it can). */
export function savedNameProblem(name: unknown, builtIn: readonly string[]): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'give the scenario a name';
  if (name.length > MAX_SAVED_NAME) return `must be at most ${MAX_SAVED_NAME} characters`;
  if (!SAVED_NAME.test(name)) return 'letters, digits, dots, hyphens and underscores only, not starting with a dot';
  if (builtIn.includes(name)) return 'a built-in scenario has this name; choose another';
  return null;
}

/**
 * A copy without credentials: a saved scenario is a plain file anyone with
 * the folder can read, so a password is typed again (or given with --set).
 */
export function withoutSecrets<T extends { target?: unknown }>(s: T): T {
  if (typeof s.target !== 'object' || s.target === null) return s;
  const target: Record<string, unknown> = { ...(s.target as Record<string, unknown>) };
  for (const f of SECRET_FIELDS) delete target[f];
  return { ...s, target };
}

/** True when a scenario carries a credential that saving would drop. */
export function hasSecrets(s: { target?: unknown }): boolean {
  const t = s.target as Record<string, unknown> | null | undefined;
  return typeof t === 'object' && t !== null && SECRET_FIELDS.some((f) => typeof t[f] === 'string' && t[f] !== '');
}
