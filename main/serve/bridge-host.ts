import type { BridgeHandlers } from '../../app/protocol/bridge';
import type { PushListener } from '../engine/run-controller';

/**
 * What both transports (WebSocket and Electron IPC) need of the run
 * controller: the request handlers and the push stream. Tests pass stand-ins.
 */
export type BridgeHost = BridgeHandlers & { subscribe(l: PushListener): () => void };
