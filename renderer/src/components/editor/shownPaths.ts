import type { TargetKind } from '../../../../app/scenario/targets';
import { NAME_FIELDS, SECTIONS, TARGET_FIELDS } from './fields';

/** Field paths the form shows an inline message for; `mix.*` and `env.*` are claimed by their own groups. */
export function shownPaths(kind: TargetKind): Set<string> {
  const paths = [...NAME_FIELDS, ...SECTIONS.flatMap((s) => s.fields), ...TARGET_FIELDS[kind]].map((f) => f.path);
  return new Set([...paths, 'target.kind', 'mix', 'readsPerWrite', 'env']);
}
