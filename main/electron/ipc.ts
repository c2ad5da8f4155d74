import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { dispatchRequest, ipcChannel, REQUEST_CHANNELS, type PushChannel, type Pushes } from '../../app/protocol/bridge';
import type { BridgeHost } from '../serve/bridge-host';
import { isAppUrl } from './app-url';

/**
 * What the IPC side needs of the app's one window: its web contents, taken
 * once (a closed BrowserWindow throws on every property access, its web
 * contents only report isDestroyed()).
 */
export interface BridgeContents {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
}

/**
 * The Bridge over Electron IPC. A request is answered only when it comes from
 * the app's own window, from its top frame, showing one of the app's own pages;
 * its payload is then validated by dispatchRequest (a bad one rejects the
 * invoke with a message naming the field). Pushes go to that window only.
 * Returns a function that removes the handlers and the push subscription.
 */
export function registerBridgeIpc(contents: BridgeContents, host: BridgeHost, log: (line: string) => void): () => void {
  for (const channel of REQUEST_CHANNELS) {
    ipcMain.handle(ipcChannel(channel), (event: IpcMainInvokeEvent, payload: unknown) => {
      const refused = senderProblem(event, contents);
      if (refused) {
        log(`refused ${channel} from ${refused}`);
        throw new Error(`${channel}: refused: request from ${refused}`);
      }
      return dispatchRequest(host, channel, payload);
    });
  }
  const unsubscribe = host.subscribe(<P extends PushChannel>(channel: P, data: Pushes[P]) => {
    if (!contents.isDestroyed()) contents.send(ipcChannel(channel), data);
  });
  return () => {
    unsubscribe();
    for (const channel of REQUEST_CHANNELS) ipcMain.removeHandler(ipcChannel(channel));
  };
}

/** Why a sender is not trusted, or undefined when it is. */
function senderProblem(event: IpcMainInvokeEvent, contents: BridgeContents): string | undefined {
  if (event.sender !== contents) return 'an unknown window';
  const frame = event.senderFrame;
  // null once the frame navigated away or was destroyed: it is no longer the page that asked.
  if (!frame) return 'a frame that is gone';
  if (frame.parent !== null) return 'a sub-frame';
  if (!isAppUrl(frame.url)) return `a page that is not the app's (${frame.url})`;
  return undefined;
}
