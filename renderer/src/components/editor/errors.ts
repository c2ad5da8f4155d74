import type { FieldError } from '../../../../app/scenario/schema';

export type ErrorIndex = ReadonlyMap<string, readonly string[]>;

export function indexErrors(errors: readonly FieldError[]): ErrorIndex {
  const m = new Map<string, string[]>();
  for (const e of errors) m.set(e.field, [...(m.get(e.field) ?? []), e.reason]);
  return m;
}

/** Errors no field of the form shows, so they are listed above it instead of getting lost. */
export function unclaimed(errors: readonly FieldError[], shown: ReadonlySet<string>): FieldError[] {
  return errors.filter((e) => !shown.has(e.field) && !e.field.startsWith('env.') && !e.field.startsWith('mix.'));
}
