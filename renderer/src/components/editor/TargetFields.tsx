import type { TargetKind } from '../../../../app/scenario/targets';
import type { Draft } from '../../store/draft';
import { changeTargetKind, targetKind } from '../../store/edits';
import { useKv } from '../../store/store';
import type { ErrorIndex } from './errors';
import { FieldRow } from './FieldRow';
import { TARGET_FIELDS } from './fields';
import { DraftField } from './DraftField';
import { LocalClusterNote } from './LocalClusterNote';
import { applies } from './applies';

const KINDS: readonly TargetKind[] = ['builtin-kv', 'builtin-file', 'redis', 'aerospike', 'hazelcast'];

/** The target: its kind, then the connection and server settings of that kind. */
export function TargetFields({ draft, defaults, errors }: { draft: Draft; defaults: Draft; errors: ErrorIndex }) {
  const update = useKv((s) => s.updateDraft);
  const kind = targetKind(draft);
  return (
    <fieldset className="section">
      <legend>Target</legend>
      <div className="field-grid">
        <FieldRow
          def={{ path: 'target.kind', label: 'Kind', kind: 'select', options: KINDS }}
          value={kind}
          placeholder=""
          errors={errors.get('target.kind')}
          onChange={(v) => update((d) => changeTargetKind(d, KINDS.find((k) => k === v) ?? kind))}
        />
        {TARGET_FIELDS[kind]
          .filter((def) => applies(def, draft, errors))
          .map((def) => (
            <DraftField key={def.path} def={def} draft={draft} defaults={defaults} errors={errors} />
          ))}
      </div>
      <LocalClusterNote kind={kind} draft={draft} />
    </fieldset>
  );
}
