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

/**
 * The secret values a scenario holds in clear, for scrubbing text that might
 * echo them. A masked value is none; a run file's loose scenario may have no target.
 */
export function secretValues(s: Pick<Scenario, 'target'>): string[] {
  const t: unknown = s.target;
  if (t === null || typeof t !== 'object') return [];
  return SECRET_FIELDS.map((f) => (t as Record<string, unknown>)[f]).filter(
    (v): v is string => typeof v === 'string' && v.length > 0 && v !== REDACTED,
  );
}

/** The secrets in clear of a scenario as found in a file, checked loosely: it may be anything. */
export function looseSecretValues(scenario: unknown): string[] {
  return scenario !== null && typeof scenario === 'object' ? secretValues(scenario as Pick<Scenario, 'target'>) : [];
}

/** `text` with every occurrence of each secret replaced. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join(REDACTED);
  return out;
}

/**
 * A JSON value with every secret replaced in each of its strings, object keys
 * included, at any depth. Nothing is copied when no secret occurs: the value
 * itself comes back, so a caller can tell whether anything was masked.
 */
export function scrubDeep<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  const scrub = (v: unknown): unknown => {
    if (typeof v === 'string') return scrubSecrets(v, secrets);
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      const items = v.map(scrub);
      return items.some((x, i) => x !== v[i]) ? items : v;
    }
    const entries = Object.entries(v);
    const scrubbed = entries.map(([k, x]) => [scrubSecrets(k, secrets), scrub(x)] as const);
    // fromEntries makes own properties: a key "__proto__" from JSON stays a key.
    return scrubbed.some(([k, x], i) => k !== entries[i][0] || x !== entries[i][1]) ? Object.fromEntries(scrubbed) : v;
  };
  return scrub(value) as T;
}

/** True when a dotted setting path names a secret (such a setting may not be swept: sweep values are shown and recorded). */
export function isSecretSetting(path: string): boolean {
  const last = path.split('.').pop() ?? '';
  return (SECRET_FIELDS as readonly string[]).includes(last);
}
