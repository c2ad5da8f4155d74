import { useBridge } from '../bridge/context';
import { useKv } from '../store/store';

/** Start the edited scenario; on success the Live page takes over, on failure the editor shows why. */
export function useStartRun(): () => Promise<void> {
  const { bridge } = useBridge();
  return async () => {
    const { editor, startRequested, startFailed, startSucceeded } = useKv.getState();
    if (!editor.draft || editor.starting) return;
    startRequested();
    try {
      const r = await bridge.startRun({ scenario: editor.draft });
      if (r.ok) startSucceeded();
      else startFailed(r.message, r.errors);
    } catch (err) {
      startFailed(err instanceof Error ? err.message : String(err), []);
    }
  };
}
