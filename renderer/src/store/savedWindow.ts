import { DEFAULT_WINDOW, WINDOWS, type WindowId } from '../chart-data/windows';

/** The window the user chose last, kept by the browser (or the Electron window) across reloads. */
const KEY = 'kvscope.window';

/** The saved choice, or the default when none was saved, storage is off, or the value is not a window. */
export function savedWindow(): WindowId {
  try {
    const v = globalThis.localStorage?.getItem(KEY);
    return WINDOWS.find((w) => w.id === v)?.id ?? DEFAULT_WINDOW;
  } catch {
    return DEFAULT_WINDOW;
  }
}

/** Remember the choice; a window without storage (private mode, quota) simply forgets it. */
export function saveWindow(id: WindowId): void {
  try {
    globalThis.localStorage?.setItem(KEY, id);
  } catch {
    // Nothing to lose: the next start falls back to the default window.
  }
}
