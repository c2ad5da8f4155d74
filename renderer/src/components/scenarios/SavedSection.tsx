import { useRef, useState } from 'react';
import { errorMessage } from '../../../../app/error-message';
import { MAX_SCENARIO_FILE_CHARS } from '../../../../app/scenario/saved';
import type { ScenarioInput } from '../../../../app/scenario/schema';
import { useBridge } from '../../bridge/context';
import { useKv } from '../../store/store';
import { ScenarioCard } from './ScenarioCard';

const NONE: readonly string[] = [];

interface Props {
  /** The saved scenarios the search left. */
  scenarios: ScenarioInput[];
  searching: boolean;
}

/** "My scenarios": what the user saved, an import button, and any file in the folder that is not a scenario. */
export function SavedSection({ scenarios, searching }: Props) {
  const { bridge } = useBridge();
  const source = useKv((s) => (s.editor.sourceKind === 'saved' ? s.editor.source : null));
  const problems = useKv((s) => s.saved?.problems ?? NONE);
  const input = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (searching && scenarios.length === 0) return null;
  const importFile = async (f: File) => {
    setNotice(null);
    try {
      if (f.size > MAX_SCENARIO_FILE_CHARS)
        throw new Error(`${f.name} is larger than ${MAX_SCENARIO_FILE_CHARS / 1024} KiB: not a scenario`);
      const r = await bridge.importScenario({ text: await f.text() });
      if (!r.ok) return setNotice(`${f.name}: ${r.errors.map((e) => `${e.field}: ${e.reason}`).join('; ')}`);
      useKv.getState().setSaved(r.list);
      setNotice(`imported ${f.name}`);
    } catch (err) {
      setNotice(`import failed: ${errorMessage(err)}`);
    }
  };
  return (
    <section className="catalog-section" data-testid="catalog-section-saved">
      <div className="section-head">
        <h2>My scenarios</h2>
        <button type="button" className="small" onClick={() => input.current?.click()} data-testid="import-scenario">
          Import…
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="import-scenario-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void importFile(f);
          }}
        />
      </div>
      {scenarios.length === 0 && <p className="muted small-text">None yet: change a scenario's settings, then Save as.</p>}
      {scenarios.map((s) => (
        <ScenarioCard
          key={s.name}
          scenario={s}
          saved
          selected={s.name === source}
          onSelect={() => useKv.getState().openScenario(s, 'saved')}
        />
      ))}
      {notice && (
        <p className="muted small-text" role="status" data-testid="import-notice">
          {notice}
        </p>
      )}
      {problems.map((p) => (
        <p key={p} className="bad small-text" data-testid="saved-problem">
          Not a scenario: {p}
        </p>
      ))}
    </section>
  );
}
