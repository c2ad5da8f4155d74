import { StartErrors } from './StartErrors';
import { planErrors } from '../../store/plan-check';
import { PlanFields } from './PlanFields';
import { CapacityFields } from './CapacityFields';
import { useMemo } from 'react';
import { useStartRun } from '../../hooks/useStartRun';
import { targetKind } from '../../store/edits';
import { isActivePhase } from '../../store/live';
import { useKv } from '../../store/store';
import { defaultsFor } from './defaults';
import { EnvFields } from './EnvFields';
import { indexErrors, unclaimed } from './errors';
import { DraftField } from './DraftField';
import { applies } from './applies';
import { NAME_FIELDS, SECTIONS, type FieldDef } from './fields';
import { MixFields } from './MixFields';
import { shownPaths } from './shownPaths';
import { TargetFields } from './TargetFields';
import { SaveControls } from './SaveControls';

/** Every setting of the selected scenario, checked as it is typed; Start only when it is valid. */
export function ScenarioEditor() {
  const editor = useKv((s) => s.editor);
  const connection = useKv((s) => s.connection);
  const running = useKv((s) => isActivePhase(s.live.phase));
  const start = useStartRun();
  const draft = editor.draft;
  const kind = draft ? targetKind(draft) : 'builtin-kv';
  const defaults = useMemo(() => defaultsFor(kind), [kind]);
  const errors = useMemo(() => indexErrors(editor.errors), [editor.errors]);
  const planProblems = useMemo(() => planErrors(editor.plan, editor.draft), [editor.plan, editor.draft]);
  if (!draft) {
    return (
      <section className="panel editor editor-empty">
        <p className="muted">Select a scenario to see and change its settings.</p>
      </section>
    );
  }
  const general = unclaimed(editor.errors, shownPaths(kind));
  const blocked =
    editor.errors.length > 0 || planProblems.length > 0
      ? 'Fix the settings marked in red to start.'
      : connection !== 'open'
        ? 'Not connected to kvscope.'
        : running
          ? 'A run is in progress; stop it first.'
          : null;
  const row = (def: FieldDef) => <DraftField key={def.path} def={def} draft={draft} defaults={defaults} errors={errors} />;
  return (
    <form
      // The form says what is wrong itself, in words, not in the browser's bubbles.
      noValidate
      className="panel editor"
      aria-label="scenario settings"
      onSubmit={(e) => {
        e.preventDefault();
        if (!blocked) void start();
      }}
    >
      <header className="panel-head">
        <h2>Settings{editor.source ? ` — ${editor.sourceKind === 'saved' ? 'my ' : 'from '}${editor.source}` : ''}</h2>
        <SaveControls />
      </header>
      {general.length > 0 && (
        <ul className="banner error" data-testid="editor-errors">
          {general.map((e) => (
            <li key={e.field + e.reason}>
              <span className="mono">{e.field}</span>: {e.reason}
            </li>
          ))}
        </ul>
      )}
      <div className="field-grid">{NAME_FIELDS.map(row)}</div>
      <TargetFields draft={draft} defaults={defaults} errors={errors} />
      <MixFields draft={draft} errors={errors} />
      {SECTIONS.map((s) => (
        <fieldset key={s.title} className="section">
          <legend>{s.title}</legend>
          <div className="field-grid">{s.fields.filter((def) => applies(def, draft, errors)).map(row)}</div>
        </fieldset>
      ))}
      <EnvFields draft={draft} errors={errors} />
      <footer className="start-bar">
        <button type="submit" className="primary" data-testid="start-button" disabled={blocked !== null || editor.starting}>
          {editor.starting ? 'Starting…' : 'Start'}
        </button>
        {/* Repeat and sweep beside Start, always in view; their problems show right under them. */}
        <PlanFields errors={planProblems} />
        <CapacityFields blocked={editor.errors.length > 0 || connection !== 'open' || running} />
        {editor.errors.length > 0 ? (
          <StartErrors errors={editor.errors} />
        ) : (
          blocked &&
          planProblems.length === 0 && (
            <span className="muted" data-testid="start-blocked">
              {blocked}
            </span>
          )
        )}
        {editor.startError && (
          <span className="bad" role="alert" data-testid="start-error">
            Could not start: {editor.startError}
          </span>
        )}
      </footer>
    </form>
  );
}
