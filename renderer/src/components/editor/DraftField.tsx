import { getPath, setPath, type Draft } from '../../store/draft';
import { useKv } from '../../store/store';
import { placeholderFor } from './defaults';
import { errorsUnder, type ErrorIndex } from './errors';
import type { FieldDef } from './fields';
import { FieldRow } from './FieldRow';
import { NodeField } from './NodeField';
import { ClientField } from './ClientField';
import { PlacementField } from './PlacementField';
import { ListField } from './ListField';
import { KIND_CLIENT } from '../../../../app/scenario/client-version';
import { forKind } from './applies';
import { targetKind } from '../../store/edits';

/** One scenario setting bound to the editor draft: its value, default, errors and edits; its hint for the draft's target kind. */
export function DraftField({ def, draft, defaults, errors }: { def: FieldDef; draft: Draft; defaults: Draft; errors: ErrorIndex }) {
  const update = useKv((s) => s.updateDraft);
  if (def.kind === 'runtime')
    return (
      <NodeField value={getPath(draft, def.path)} errors={errors.get(def.path)} onChange={(v) => update((d) => setPath(d, def.path, v))} />
    );
  if (def.kind === 'placement')
    return (
      <PlacementField
        value={getPath(draft, def.path)}
        errors={errorsUnder(errors, def.path)}
        onChange={(v) => update((d) => setPath(d, def.path, v))}
      />
    );
  if (def.kind === 'list')
    return (
      <ListField
        def={def}
        value={getPath(draft, def.path)}
        errors={errorsUnder(errors, def.path)}
        onChange={(v) => update((d) => setPath(d, def.path, v))}
      />
    );
  const pkg = KIND_CLIENT[targetKind(draft)];
  if (def.kind === 'client' && pkg)
    return (
      <ClientField
        pkg={pkg}
        value={getPath(draft, def.path)}
        errors={errors.get(def.path)}
        onChange={(v) => update((d) => setPath(d, def.path, v))}
      />
    );
  return (
    <FieldRow
      def={forKind(def, targetKind(draft))}
      value={getPath(draft, def.path)}
      placeholder={placeholderFor(def, defaults)}
      errors={errors.get(def.path)}
      onChange={(v) =>
        update((d) => (def.resets ? setPath(d, def.resets, v === def.noneOption ? undefined : { kind: v }) : setPath(d, def.path, v)))
      }
    />
  );
}
