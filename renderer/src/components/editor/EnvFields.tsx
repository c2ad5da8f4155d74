import { useState } from 'react';
import { setPath, type Draft } from '../../store/draft';
import { useKv } from '../../store/store';
import type { ErrorIndex } from './errors';
import { FieldErrors } from './FieldRow';

interface EnvRow {
  key: string;
  value: string;
}

const rowsOf = (env: unknown): EnvRow[] =>
  typeof env === 'object' && env !== null ? Object.entries(env).map(([key, value]) => ({ key, value: String(value) })) : [];

/** Rows with neither name nor value are still being typed and mean nothing yet. */
function envOf(rows: readonly EnvRow[]): Record<string, string> | undefined {
  const used = rows.filter((r) => r.key !== '' || r.value !== '');
  return used.length ? Object.fromEntries(used.map((r) => [r.key, r.value])) : undefined;
}

const CELL: Record<keyof EnvRow, { label: string; placeholder: string }> = {
  key: { label: 'name', placeholder: 'NAME' },
  value: { label: 'value', placeholder: 'value' },
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/** Environment variables of the workers, as name/value rows. */
export function EnvFields({ draft, errors }: { draft: Draft; errors: ErrorIndex }) {
  const update = useKv((s) => s.updateDraft);
  const [rows, setRows] = useState<EnvRow[]>(() => rowsOf(draft.env));
  const [seen, setSeen] = useState<unknown>(draft.env);
  if (seen !== draft.env) {
    // Rows are the editing state (they may be half typed); follow the draft only when another scenario is loaded.
    setSeen(draft.env);
    if (!same(envOf(rows), draft.env)) setRows(rowsOf(draft.env));
  }
  const change = (next: EnvRow[]) => {
    setRows(next);
    update((d) => setPath(d, 'env', envOf(next)));
  };
  const edit = (i: number, patch: Partial<EnvRow>) => change(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const cell = (i: number, r: EnvRow, part: keyof EnvRow) => (
    <input
      aria-label={`variable ${i + 1} ${CELL[part].label}`}
      data-testid={`field-env-${part}-${i}`}
      className="mono"
      placeholder={CELL[part].placeholder}
      value={r[part]}
      onChange={(e) => edit(i, { [part]: e.target.value })}
    />
  );
  return (
    <fieldset className="section">
      <legend>Environment of the workers</legend>
      {rows.length === 0 && <p className="muted">None. Add e.g. UV_THREADPOOL_SIZE.</p>}
      {rows.map((r, i) => (
        <div key={i} className="env-row">
          {cell(i, r, 'key')}
          <span>=</span>
          {cell(i, r, 'value')}
          <button type="button" className="link" data-testid={`env-remove-${i}`} onClick={() => change(rows.filter((_, j) => j !== i))}>
            Remove
          </button>
          <FieldErrors path={`env.${r.key}`} errors={errors.get(`env.${r.key}`)} />
        </div>
      ))}
      <button type="button" className="secondary" data-testid="env-add" onClick={() => setRows([...rows, { key: '', value: '' }])}>
        Add variable
      </button>
      <FieldErrors path="env" errors={errors.get('env')} />
    </fieldset>
  );
}
