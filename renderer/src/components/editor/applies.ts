import { defaultOps, WRITE_OP, type TargetKind } from '../../../../app/scenario/targets';
import { getPath, type Draft } from '../../store/draft';
import { loadMode, targetKind } from '../../store/edits';
import type { ErrorIndex } from './errors';
import type { FieldDef } from './fields';

/** The ops the draft's load would run: the mix's (weight above 0, or still being typed), the write-then-read cycle's, or every plain op. */
export function opsInUse(draft: Draft): Set<string> {
  const kind = targetKind(draft);
  switch (loadMode(draft)) {
    case 'mix': {
      const mix = typeof draft.mix === 'object' && draft.mix !== null ? (draft.mix as Record<string, unknown>) : {};
      return new Set(Object.keys(mix).filter((op) => typeof mix[op] !== 'number' || (mix[op] as number) > 0));
    }
    case 'readsPerWrite':
      return new Set(['get', WRITE_OP[kind]].filter((op): op is string => typeof op === 'string'));
    case 'equal':
      return new Set(defaultOps(kind));
  }
}

/** A field is shown when its ops are in use and its condition holds, or when it holds an error the user must be able to reach. */
export function applies(def: FieldDef, draft: Draft, errors?: ErrorIndex): boolean {
  if (errors?.has(def.path)) return true;
  if (def.shownWhen) {
    const v = getPath(draft, def.shownWhen.path);
    if (typeof v !== 'string' || !def.shownWhen.is.includes(v)) return false;
  }
  if (!def.ops) return true;
  const used = opsInUse(draft);
  return def.ops.some((op) => used.has(op));
}

/** The field as the target kind describes it (its hint for that kind). */
export const forKind = (def: FieldDef, kind: TargetKind): FieldDef => (def.hintFor?.[kind] ? { ...def, hint: def.hintFor[kind] } : def);
