import type { FieldError } from '../../../../app/scenario/schema';

export type ErrorIndex = ReadonlyMap<string, readonly string[]>;

export function indexErrors(errors: readonly FieldError[]): ErrorIndex {
  const m = new Map<string, string[]>();
  for (const e of errors) m.set(e.field, [...(m.get(e.field) ?? []), e.reason]);
  return m;
}

/** The errors of a setting and of everything under it (placement.agents.x), the deeper ones named. */
export function errorsUnder(index: ErrorIndex, path: string): string[] | undefined {
  const found = [...index].flatMap(([field, reasons]) =>
    field === path ? [...reasons] : field.startsWith(`${path}.`) ? reasons.map((r) => `${field.slice(path.length + 1)}: ${r}`) : [],
  );
  return found.length ? found : undefined;
}

/** Errors no field of the form shows, so they are listed above it instead of getting lost. */
export function unclaimed(errors: readonly FieldError[], shown: ReadonlySet<string>): FieldError[] {
  return errors.filter(
    (e) => !shown.has(e.field) && !['env.', 'mix.', 'placement.', 'target.metricsUrls.'].some((p) => e.field.startsWith(p)),
  );
}
