import { useBridge } from '../bridge/context';
import { parseSweep, type Sweep } from '../../../app/plan/sweep';
import { draftSweeps } from '../store/plan-check';
import { useKv, type PlanDraft } from '../store/store';
import type { EditorState } from '../store/state';
import type { Bridge, StartResult } from '../../../app/protocol/bridge';
import { errorMessage } from '../../../app/error-message';

/** The start bar's repeat and sweep (a grid with a second setting) as the Bridge takes them; main validates the numbers and values. */
function planOf(p: PlanDraft): { repeat: number; sweeps?: Sweep[] } {
  const repeat = p.repeat.trim() === '' ? 1 : Number(p.repeat);
  const sweeps = draftSweeps(p).map((s) => parseSweep(`${s.setting}=${s.values}`));
  return sweeps.length > 0 ? { repeat, sweeps } : { repeat };
}

/** Start what `send` asks main for with the editor's draft; on success the Live page takes over, on failure the editor shows why. */
export function useStartWith(send: (bridge: Bridge, editor: EditorState) => Promise<StartResult>): () => Promise<void> {
  const { bridge } = useBridge();
  return async () => {
    const { editor, startRequested, startFailed, startSucceeded } = useKv.getState();
    if (!editor.draft || editor.starting) return;
    startRequested();
    try {
      const r = await send(bridge, editor);
      if (r.ok) startSucceeded();
      else startFailed(r.message, r.errors);
    } catch (err) {
      startFailed(errorMessage(err), []);
    }
  };
}

/** Start the edited scenario, with the start bar's repeat and sweep. */
export const useStartRun = (): (() => Promise<void>) =>
  useStartWith((bridge, editor) => bridge.startRun({ scenario: editor.draft, plan: planOf(editor.plan) }));
