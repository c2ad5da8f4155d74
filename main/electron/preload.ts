import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  ipcChannel,
  PUSH_CHANNELS,
  REQUEST_CHANNELS,
  type Bridge,
  type PushChannel,
  type Pushes,
  type RequestChannel,
} from '../../app/protocol/bridge';

/**
 * The page's only door to main: `window.kvscope`, a Bridge of plain functions.
 * Neither ipcRenderer nor the IPC event (whose `sender` is ipcRenderer) ever
 * reaches the page, so it can invoke the Bridge's channels and nothing else.
 * The channel list comes from app/protocol/bridge.ts; this file is bundled
 * with it (Vite, dist/preload/preload.js) because a sandboxed preload can
 * require nothing but 'electron'.
 */
const BRIDGE_GLOBAL = 'kvscope';

type Listener = Parameters<Bridge['onPush']>[0];

function invoker(channel: RequestChannel) {
  return (payload: unknown): Promise<unknown> => ipcRenderer.invoke(ipcChannel(channel), payload);
}

function onPush(listener: Listener): () => void {
  const off = PUSH_CHANNELS.map(<P extends PushChannel>(channel: P) => {
    const handler = (_event: IpcRendererEvent, data: Pushes[P]): void => listener(channel, data);
    ipcRenderer.on(ipcChannel(channel), handler);
    return () => void ipcRenderer.removeListener(ipcChannel(channel), handler);
  });
  return () => off.forEach((f) => f());
}

const requests = Object.fromEntries(REQUEST_CHANNELS.map((c) => [c, invoker(c)]));
// Object.fromEntries loses the per-channel types; test/main/preload.test.ts checks the exposed key set and channels.
const api = { ...requests, onPush } as unknown as Bridge;

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, api);
