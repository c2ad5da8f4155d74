import type { Bridge } from '../../../app/protocol/bridge';
import { WS_PATH } from '../../../app/protocol/wire';
import { ALWAYS_OPEN, type ConnectionSource } from './connection';
import { createIpcBridge } from './ipc';
import { createRunUpload } from './upload';
import { createWsBridge } from './ws';

export interface BridgeConnection {
  bridge: Bridge;
  connection: ConnectionSource;
}

/** The socket of the browser twin: same host and port as the page, ws or wss to match http or https. */
export function bridgeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${WS_PATH}`;
}

/**
 * Electron IPC when the preload is there, else the WebSocket of `kvscope
 * serve`, with a run file's import as an HTTP upload (upload.ts) beside it.
 */
export function connectBridge(w: Window = window): BridgeConnection {
  if (w.kvscope) return { bridge: createIpcBridge(w.kvscope), connection: ALWAYS_OPEN };
  const ws = createWsBridge(bridgeUrl(w.location));
  return { bridge: { ...ws, importRun: createRunUpload(w.location.origin) }, connection: ws.connection };
}
