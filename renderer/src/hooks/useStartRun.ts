import { useBridge } from '../bridge/context';
import { parseSweep } from '../../../app/plan/sweep';
import { useKv, type PlanDraft } from '../store/store';
import { errorMessage } from '../../../app/error-message';

/** The start bar's repeat and sweep as the Bridge takes them; main validates the numbers and values. */
function planOf(p: PlanDraft): { repeat: number; sweep?: { setting: string; values: unknown[] } } {
  const repeat = p.repeat.trim() === '' ? 1 : Number(p.repeat);
  if (p.setting.trim() === '') return { repeat };
  return { repeat, sweep: parseSweep(`${p.setting.trim()}=${p.values}`) };
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
