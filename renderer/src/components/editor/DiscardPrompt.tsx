import { useEffect, useRef } from 'react';
import { useKv } from '../../store/store';

/** Asked when another scenario is opened while the editor has unsaved edits. */
export function DiscardPrompt() {
  const pending = useKv((s) => s.pendingLoad);
  const current = useKv((s) => s.editor.source ?? 'this scenario');
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (pending) keep.current?.focus();
  }, [pending]);
  if (!pending) return null;
  const resolve = useKv.getState().resolvePendingLoad;
  return (
    <div className="banner warning discard" role="alertdialog" aria-labelledby="discard-text" data-testid="discard-prompt">
      <span id="discard-text">
        The settings of {current} have unsaved edits. Open {pending.scenario.name ?? 'the other scenario'} and lose them?
      </span>
      <button type="button" ref={keep} onClick={() => resolve(false)} data-testid="keep-editing">
        Keep editing
      </button>
      <button type="button" className="danger" onClick={() => resolve(true)} data-testid="discard-edits">
        Discard edits
      </button>
    </div>
  );
}
