import {
  REQUEST_CHANNELS,
  PUSH_CHANNELS,
  type Bridge,
  type PushChannel,
  type Pushes,
  type RequestChannel,
  type RequestPayload,
  type RequestResults,
} from '../../../app/protocol/bridge';
import { ToBrowserSchema, type FromBrowser } from '../../../app/protocol/wire';
import { reconnectDelay } from './backoff';
import { connectionCell, type ConnectionSource } from './connection';
import { PendingRequests } from './pending';

/** The part of the browser WebSocket this client uses; tests hand in a fake. */
export interface SocketLike {
  send(data: string): void;
  close(): void;
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
}
type SocketFactory = (url: string) => SocketLike;

type WsBridge = Bridge & { connection: ConnectionSource; close(): void };

type PushListener = Parameters<Bridge['onPush']>[0];

const isPushChannel = (c: string): c is PushChannel => (PUSH_CHANNELS as readonly string[]).includes(c);

/**
 * The Bridge over a WebSocket (serve mode). Requests made before the socket
 * opens wait for it; every request still unanswered when the socket closes is
 * rejected (main may never answer it), and the socket reconnects with backoff.
 */
export function createWsBridge(url: string, createSocket: SocketFactory = (u) => new WebSocket(u)): WsBridge {
  const pending = new PendingRequests();
  const unsent: string[] = [];
  const pushListeners = new Set<PushListener>();
  const connection = connectionCell('connecting');
  let socket: SocketLike | null = null;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  function connect(): void {
    retry = undefined;
    connection.set('connecting');
    const s = createSocket(url);
    socket = s;
    s.onopen = () => {
      attempt = 0;
      connection.set('open');
      for (const frame of unsent.splice(0)) s.send(frame);
    };
    s.onmessage = (ev) => receive(ev.data);
    // Some engines fire error without close; closing here makes close the one place that recovers.
    s.onerror = () => s.close();
    s.onclose = () => {
      if (socket !== s) return;
      socket = null;
      unsent.length = 0;
      pending.rejectAll(new Error('connection to kvscope closed'));
      connection.set('closed');
      if (!closed) retry = setTimeout(connect, reconnectDelay(attempt++));
    };
  }

  function receive(raw: unknown): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(raw));
    } catch {
      console.warn('kvscope: ignored a frame that is not JSON');
      return;
    }
    const r = ToBrowserSchema.safeParse(parsed);
    if (!r.success) {
      console.warn('kvscope: ignored a malformed frame', r.error.issues[0]?.message);
      return;
    }
    const msg = r.data;
    if (msg.type === 'response') {
      if (msg.data.ok) pending.resolve(msg.data.id, msg.data.result);
      else pending.reject(msg.data.id, new Error(msg.data.error));
      return;
    }
    const { channel, payload } = msg.data;
    if (!isPushChannel(channel)) {
      console.warn(`kvscope: ignored a push on unknown channel ${channel}`);
      return;
    }
    for (const l of [...pushListeners]) {
      try {
        l(channel, payload as Pushes[PushChannel]);
      } catch (err) {
        // One broken listener must not starve the others of the stream.
        console.error('kvscope: push listener failed', err);
      }
    }
  }

  function request<C extends RequestChannel>(channel: C, payload: RequestPayload<C>): Promise<RequestResults[C]> {
    const { id, promise } = pending.add<RequestResults[C]>();
    const frame: FromBrowser = { type: 'request', data: { id, channel, payload } };
    const text = JSON.stringify(frame);
    if (socket && connection.current() === 'open') socket.send(text);
    else unsent.push(text);
    return promise;
  }

  connect();

  const requests = Object.fromEntries(REQUEST_CHANNELS.map((c) => [c, (p: RequestPayload<typeof c>) => request(c, p)])) as Omit<
    Bridge,
    'onPush'
  >;
  return {
    ...requests,
    onPush(listener) {
      pushListeners.add(listener);
      return () => void pushListeners.delete(listener);
    },
    connection,
    close() {
      closed = true;
      clearTimeout(retry);
      socket?.close();
    },
  };
}
