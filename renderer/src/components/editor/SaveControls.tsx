import { useState } from 'react';
import type { SaveResult } from '../../../../app/protocol/bridge';
import { hasSecrets } from '../../../../app/scenario/saved';
import { errorMessage } from '../../../../app/error-message';
import { useBridge } from '../../bridge/context';
import { download } from '../../export/download';
import { hasUnsavedEdits } from '../../store/saved-draft';
import { useKv } from '../../store/store';
import { NameDialog } from './NameDialog';

type Asking = 'save-as' | 'rename' | 'delete' | null;

const why = (r: Extract<SaveResult, { ok: false }>) =>
  r.errors.map((e) => `${e.field === 'name' ? '' : `${e.field}: `}${e.reason}`).join('; ');

/** Save, Save as, Rename, Export and Delete of the scenario in the editor; the saved ones are the user's own files. */
export function SaveControls() {
  const { bridge } = useBridge();
  const editor = useKv((s) => s.editor);
  const savedList = useKv((s) => s.saved);
  const [asking, setAsking] = useState<Asking>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const draft = editor.draft;
  if (!draft) return null;
  const dirty = hasUnsavedEdits(editor);
  const mine = editor.sourceKind === 'saved' ? editor.source : null;
  const store = useKv.getState;
  /** Main's answer to a save or rename: the new list and the editor now on `name`, or why not (kept in the dialog). */
  const settle = async (request: Promise<SaveResult>, name: string, done: string): Promise<string | null> => {
    try {
      const r = await request;
      if (!r.ok) return why(r);
      store().setSaved(r.list);
      store().markSaved(name);
      setAsking(null);
      setNotice(done);
      return null;
    } catch (err) {
      return errorMessage(err);
    }
  };
  const save = (name: string, replace: boolean) =>
    settle(bridge.saveScenario({ scenario: { ...draft, name }, replace }), name, `saved as ${name}`);
  const rename = async (to: string) => (mine ? settle(bridge.renameScenario({ from: mine, to }), to, `renamed to ${to}`) : null);
  const remove = async () => {
    if (!mine) return;
    try {
      store().setSaved(await bridge.deleteScenario({ name: mine }));
      store().markUnsaved();
      setNotice(`deleted ${mine}; its settings stay in the editor until you open another scenario`);
    } catch (err) {
      setNotice(`delete failed: ${errorMessage(err)}`);
    }
    setAsking(null);
  };
  const exportIt = () => {
    const s = savedList?.scenarios.find((x) => x.name === mine);
    if (s) download(`${mine}.json`, `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(s, null, 2) + '\n')}`);
  };
  const suggested =
    mine ?? (editor.sourceKind === 'built-in' ? `${editor.source ?? 'scenario'}-mine` : String(draft.name ?? 'my-scenario'));
  return (
    <div className="save-controls" data-testid="save-controls">
      <div className="toolbar">
        {dirty && (
          <span className="unsaved" data-testid="unsaved">
            Unsaved edits
          </span>
        )}
        {mine && (
          <button type="button" disabled={!dirty} onClick={() => void save(mine, true).then((e) => e && setNotice(e))} data-testid="save">
            Save
          </button>
        )}
        <button type="button" onClick={() => setAsking('save-as')} data-testid="save-as">
          Save as…
        </button>
        {mine && (
          <>
            <button
              type="button"
              disabled={dirty}
              title={dirty ? 'Save or discard the edits first' : undefined}
              onClick={() => setAsking('rename')}
              data-testid="rename-scenario"
            >
              Rename…
            </button>
            <button type="button" onClick={exportIt} data-testid="export-scenario">
              Export
            </button>
            <button type="button" className="danger-text" onClick={() => setAsking('delete')} data-testid="delete-scenario">
              Delete
            </button>
          </>
        )}
      </div>
      {asking === 'save-as' && (
        <NameDialog title="Save as" initial={suggested} action="Save" onSubmit={(n) => save(n, false)} onCancel={() => setAsking(null)} />
      )}
      {asking === 'rename' && mine && (
        <NameDialog title={`Rename ${mine} to`} initial={mine} action="Rename" onSubmit={rename} onCancel={() => setAsking(null)} />
      )}
      {asking === 'delete' && mine && (
        <div className="name-dialog" role="group" aria-label="delete" data-testid="delete-confirm">
          <span>Delete the saved scenario {mine}? Runs made with it are kept.</span>
          <button type="button" className="danger" onClick={() => void remove()} data-testid="delete-yes">
            Delete
          </button>
          <button type="button" onClick={() => setAsking(null)}>
            Cancel
          </button>
        </div>
      )}
      {hasSecrets(draft) && (
        <p className="muted small-text" data-testid="password-not-saved">
          The password is not saved: type it again after opening the scenario, or give it to the CLI with --set target.password=…
        </p>
      )}
      {notice && (
        <p className="muted small-text" role="status" data-testid="save-notice">
          {notice}
        </p>
      )}
    </div>
  );
}
