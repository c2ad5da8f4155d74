import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { dispatchRequest, type PushChannel, type Pushes } from '../../app/protocol/bridge';
import { decodeMessage } from '../../app/protocol/envelope';
import { FromBrowserSchema, WS_PATH, type ToBrowser } from '../../app/protocol/wire';
import type { BridgeHost } from './bridge-host';
import { refuseUpgrade, shown } from './responses';
import { errorMessage } from '../../app/error-message';

/** Requests are small JSON (a scenario at most); anything bigger is not ours. */
const MAX_FRAME_BYTES = 1024 * 1024;
/** A socket this far behind on pushes is dead or stalled; it is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
/** Id of the error answer to a frame too broken to carry its own id. */
export const NO_ID = -1;
/** Close code "going away" (RFC 6455), sent to every page when the server stops. */
const CLOSE_GOING_AWAY = 1001;
/** How long pages get to answer the close handshake before their sockets are cut. */
const CLOSE_GRACE_MS = 1000;

interface BridgeOptions {
  host: BridgeHost;
  /** Why an upgrade is not taken (wrong Host, no secret), or undefined to go on. */
  admit: (req: IncomingMessage) => { status: number; text: string } | undefined;
  /** Decides whether an upgrade comes from one of our own pages. */
  acceptOrigin: (origin: string | undefined) => boolean;
  log: (line: string) => void;
}

/**
 * The Bridge over WebSocket: every frame validated where it arrives, each
 * request answered by id, each push sent to every page. One shared host
 * (RunController), so all pages see the same run.
 */
export function attachBridge(server: Server, o: BridgeOptions): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?', 1)[0];
    const refusal = o.admit(req);
    if (refusal) return refuseUpgrade(socket, refusal.status, refusal.text);
    if (path !== WS_PATH) return refuseUpgrade(socket, 404, 'not found');
    // Kept beside the secret: a page of another site never gets to use a leaked cookie or token.
    if (!o.acceptOrigin(req.headers.origin)) {
      o.log(`serve: refused a WebSocket from origin ${shown(req.headers.origin)}`);
      return refuseUpgrade(socket, 403, 'kvscope: the Bridge answers only pages of this server (Origin)');
    }
    wss.handleUpgrade(req, socket, head, (ws) => serveSocket(ws, o));
  });
  const unsubscribe = o.host.subscribe(<P extends PushChannel>(channel: P, payload: Pushes[P]) => {
    const frame = JSON.stringify({ type: 'push', data: { channel, payload } } satisfies ToBrowser);
    for (const ws of wss.clients) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        o.log('serve: dropped a page that stopped reading');
        ws.terminate();
        continue;
      }
      ws.send(frame);
    }
  });
  return {
    async close() {
      unsubscribe();
      for (const ws of wss.clients) ws.close(CLOSE_GOING_AWAY, 'server stopping');
      const closed = Promise.all([...wss.clients].map((ws) => new Promise((r) => ws.once('close', r))));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise((r) => (timer = setTimeout(r, CLOSE_GRACE_MS)))]);
      clearTimeout(timer);
      for (const ws of wss.clients) ws.terminate();
      await new Promise((r) => wss.close(r));
    },
  };
}

function serveSocket(ws: WebSocket, o: BridgeOptions): void {
  const reply = (msg: ToBrowser): void => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  };
  // A socket error (e.g. a frame over maxPayload) closes that socket only.
  ws.on('error', (err) => o.log(`serve: WebSocket error: ${err.message}`));
  ws.on('message', (data: RawData, isBinary: boolean) => {
    const parsed = parseFrame(data, isBinary);
    if (!parsed.ok) return refuseFrame(parsed.id, parsed.reason);
    const decoded = decodeMessage(FromBrowserSchema, parsed.value);
    if (!decoded.ok) return refuseFrame(idOf(parsed.value), decoded.reason);
    const { id, channel, payload } = decoded.msg.data;
    dispatchRequest(o.host, channel, payload).then(
      (result) => reply({ type: 'response', data: { id, ok: true, result } }),
      (err: unknown) => reply({ type: 'response', data: { id, ok: false, error: errorMessage(err) } }),
    );
  });

  function refuseFrame(id: number, reason: string): void {
    o.log(`serve: invalid frame: ${reason}`);
    reply({ type: 'response', data: { id, ok: false, error: `invalid frame: ${reason}` } });
  }
}

type Parsed = { ok: true; value: unknown } | { ok: false; id: number; reason: string };

function parseFrame(data: RawData, isBinary: boolean): Parsed {
  if (isBinary) return { ok: false, id: NO_ID, reason: 'binary frames are not part of the protocol' };
  const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
  const text = buf.toString('utf8');
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, id: NO_ID, reason: 'not JSON' };
  }
}

/** The request id of a frame that failed validation, when it has a usable one, so the page can match the error. */
function idOf(value: unknown): number {
  const id = (value as { data?: { id?: unknown } } | null)?.data?.id;
  return typeof id === 'number' && Number.isInteger(id) && id >= 0 ? id : NO_ID;
}
