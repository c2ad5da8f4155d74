import type { Scenario } from './schema';
import type { Target } from './targets';

/**
 * Credentials a scenario may carry. They stay in main and the workers that
 * connect with them: whatever is sent to a window, written to a run file or a
 * log, or exported shows REDACTED in their place.
 */
export const SECRET_FIELDS = ['password'] as const;
export const REDACTED = '***';

/** A copy of a target with every secret set replaced; the original is left alone. */
export function redactTarget<T extends Target>(t: T): T {
  const copy: Record<string, unknown> = { ...t };
  for (const f of SECRET_FIELDS) if (copy[f] !== undefined) copy[f] = REDACTED;
  return copy as T;
}

/** A scenario as it may leave main. */
export function redactScenario<S extends Pick<Scenario, 'target'>>(s: S): S {
  // Run files of old or foreign make are checked loosely: a target may be missing.
  if (s.target === null || typeof s.target !== 'object') return s;
  return { ...s, target: redactTarget(s.target) };
}

/** The secret values a scenario holds, for scrubbing text that might echo them. */
export function secretValues(s: Pick<Scenario, 'target'>): string[] {
  const t = s.target as Record<string, unknown>;
  return SECRET_FIELDS.map((f) => t[f]).filter((v): v is string => typeof v === 'string' && v.length > 0);
}

/** `text` with every occurrence of each secret replaced. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join(REDACTED);
  return out;
}

/** True when a dotted setting path names a secret (such a setting may not be swept: sweep values are shown and recorded). */
export function isSecretSetting(path: string): boolean {
  const last = path.split('.').pop() ?? '';
  return (SECRET_FIELDS as readonly string[]).includes(last);
}
