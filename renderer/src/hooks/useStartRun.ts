import { useBridge } from '../bridge/context';
import { parseSweep, type Sweep } from '../../../app/plan/sweep';
import { draftSweeps } from '../store/plan-check';
import { useKv, type PlanDraft } from '../store/store';
import { errorMessage } from '../../../app/error-message';

/** The start bar's repeat and sweep (a grid with a second setting) as the Bridge takes them; main validates the numbers and values. */
function planOf(p: PlanDraft): { repeat: number; sweeps?: Sweep[] } {
  const repeat = p.repeat.trim() === '' ? 1 : Number(p.repeat);
  const sweeps = draftSweeps(p).map((s) => parseSweep(`${s.setting}=${s.values}`));
  return sweeps.length > 0 ? { repeat, sweeps } : { repeat };
}

/** Start the edited scenario; on success the Live page takes over, on failure the editor shows why. */
export function useStartRun(): () => Promise<void> {
  const { bridge } = useBridge();
  return async () => {
    const { editor, startRequested, startFailed, startSucceeded } = useKv.getState();
    if (!editor.draft || editor.starting) return;
    startRequested();
    try {
      const r = await bridge.startRun({ scenario: editor.draft, plan: planOf(editor.plan) });
      if (r.ok) startSucceeded();
      else startFailed(r.message, r.errors);
    } catch (err) {
      startFailed(errorMessage(err), []);
    }
  };
}
