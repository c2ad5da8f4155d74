import type { Draft } from './draft';

/** Where the scenario in the editor came from: the catalog, or the user's saved scenarios. */
export type SourceKind = 'built-in' | 'saved';

/** A draft as text with keys in one order, so an edit undone by hand counts as no edit. */
export function canonical(d: Draft | null): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (typeof v !== 'object' || v === null) return v;
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .filter((k) => o[k] !== undefined)
        .sort()
        .map((k) => [k, sort(o[k])]),
    );
  };
  return JSON.stringify(sort(d));
}

/** True when the editor holds settings that differ from what was loaded or last saved. */
export const hasUnsavedEdits = (editor: { draft: Draft | null; clean: string }): boolean =>
  editor.draft !== null && canonical(editor.draft) !== editor.clean;
