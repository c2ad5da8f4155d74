import { REQUEST_CHANNELS, type Bridge } from '../../../app/protocol/bridge';

/** What the Electron preload exposes through contextBridge: exactly the Bridge's named functions. */
type PreloadApi = Bridge;

declare global {
  interface Window {
    /** Present only inside the Electron window; the browser twin uses the WebSocket. */
    kvscope?: PreloadApi;
  }
}

/**
 * The Bridge over Electron IPC. Each call goes through a fresh closure so the
 * rest of the UI never holds the preload object itself, and a preload that
 * lacks a function fails at startup rather than on first use.
 */
export function createIpcBridge(api: PreloadApi): Bridge {
  const missing = [...REQUEST_CHANNELS, 'onPush' as const].filter((name) => typeof api[name] !== 'function');
  if (missing.length > 0) throw new Error(`the preload does not expose ${missing.join(', ')}`);
  const requests = Object.fromEntries(REQUEST_CHANNELS.map((c) => [c, (payload: never) => (api[c] as (p: never) => unknown)(payload)]));
  // One closure per channel from the one channel list; the Bridge type fixes each one's payload and result.
  return { ...(requests as Omit<Bridge, 'onPush'>), onPush: (listener) => api.onPush(listener) };
}
