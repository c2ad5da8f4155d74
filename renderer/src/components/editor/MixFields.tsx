import { TARGET_OPS, WRITE_OP } from '../../../../app/scenario/targets';
import { getPath, setPath, type Draft } from '../../store/draft';
import { loadMode, setLoadMode, targetKind, type LoadMode } from '../../store/edits';
import { useKv } from '../../store/store';
import { fmtPct } from '../../../../app/report/numbers';
import type { ErrorIndex } from './errors';
import { FieldErrors, FieldRow } from './FieldRow';

const MODES: { id: LoadMode; label: string }[] = [
  { id: 'mix', label: 'Weights per operation' },
  { id: 'readsPerWrite', label: 'Reads per write (write a key, read it back N times)' },
  { id: 'equal', label: 'Every operation equally' },
];

/** Ops named in the mix, including any the target kind does not have (their errors are shown too). */
const mixKeys = (draft: Draft): string[] => (typeof draft.mix === 'object' && draft.mix !== null ? Object.keys(draft.mix) : []);

/** The op mix: weights per op, or the seed's write-then-read cycle, or an even split. */
export function MixFields({ draft, errors }: { draft: Draft; errors: ErrorIndex }) {
  const update = useKv((s) => s.updateDraft);
  const kind = targetKind(draft);
  const mode = loadMode(draft);
  const ops = TARGET_OPS[kind];
  const weights = ops.map((op) => getPath(draft, `mix.${op}`));
  const sum = weights.reduce<number>((a, w) => a + (typeof w === 'number' && w > 0 ? w : 0), 0);
  return (
    <fieldset className="section">
      <legend>Operation mix</legend>
      <div className="radio-group" role="radiogroup" aria-label="operation mix">
        {MODES.map((m) => (
          <label key={m.id} className="radio">
            <input
              type="radio"
              name="mix-mode"
              data-testid={`mix-mode-${m.id}`}
              checked={mode === m.id}
              disabled={m.id === 'readsPerWrite' && !WRITE_OP[kind]}
              onChange={() => update((d) => setLoadMode(d, m.id))}
            />
            {m.label}
          </label>
        ))}
      </div>
      {mode === 'mix' && (
        <div className="field-grid">
          {ops.map((op, i) => {
            const w = weights[i];
            const share = sum > 0 && typeof w === 'number' && w > 0 ? fmtPct(w / sum) : '0%';
            return (
              <FieldRow
                key={op}
                def={{ path: `mix.${op}`, label: `${op} weight`, kind: 'number', hint: `${share} of operations` }}
                value={w}
                placeholder="0"
                errors={errors.get(`mix.${op}`)}
                onChange={(v) => update((d) => setPath(d, `mix.${op}`, v))}
              />
            );
          })}
        </div>
      )}
      {mode === 'readsPerWrite' && (
        <div className="field-grid">
          <FieldRow
            def={{ path: 'readsPerWrite', label: 'Reads per write', kind: 'int' }}
            value={draft.readsPerWrite}
            placeholder="3"
            errors={errors.get('readsPerWrite')}
            onChange={(v) => update((d) => setPath(d, 'readsPerWrite', v))}
          />
        </div>
      )}
      <FieldErrors path="mix" errors={errors.get('mix')} />
      {mode !== 'readsPerWrite' && <FieldErrors path="readsPerWrite" errors={errors.get('readsPerWrite')} />}
      {mixKeys(draft)
        .filter((op) => !ops.includes(op))
        .map((op) => (
          <FieldErrors key={op} path={`mix.${op}`} errors={errors.get(`mix.${op}`)} />
        ))}
    </fieldset>
  );
}
