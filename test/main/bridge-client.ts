import WebSocket from 'ws';
import type { PushChannel } from '../../app/protocol/bridge';
import { WS_PATH } from '../../app/protocol/wire';

/** How long a test waits for one answer or push before failing. */
const ANSWER_TIMEOUT_MS = 10_000;

export interface Response {
  id: number;
  ok: boolean;
  result?: unknown;
  error?: string;
}

export interface Push {
  channel: PushChannel;
  payload: unknown;
}

export interface ConnectOptions {
  origin?: string | null;
  path?: string;
  /** Sent as `Authorization: Bearer <secret>`. */
  bearer?: string;
  /** The whole Cookie header, e.g. the session cookie a `?token=` page request handed out. */
  cookie?: string;
  /** Put in the upgrade URL as `?token=`. */
  queryToken?: string;
  /** A Host header other than the URL's (DNS rebinding). */
  host?: string;
  /** The certificate to trust for wss:. */
  ca?: Buffer;
}

/** A test's browser page: raw frames out, responses by id, every push kept. */
export class BridgeClient {
  readonly pushes: Push[] = [];
  private readonly waiting = new Map<number, (r: Response) => void>();
  private readonly pushWaiters: (() => void)[] = [];
  private nextId = 1;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; data: Response & Push };
      if (frame.type === 'response') this.waiting.get(frame.data.id)?.(frame.data);
      if (frame.type === 'push') {
        this.pushes.push({ channel: frame.data.channel, payload: frame.data.payload });
        for (const w of this.pushWaiters.splice(0)) w();
      }
    });
  }

  /**
   * Connect as a page of `origin` (default: the server's own; null: no Origin header) to `path` (default: WS_PATH),
   * proving the secret as `o` says (none by default: the server refuses that).
   */
  static connect(baseUrl: string, o: ConnectOptions = {}): Promise<BridgeClient> {
    const url = new URL(o.path ?? WS_PATH, baseUrl.replace(/^http/, 'ws'));
    if (o.queryToken !== undefined) url.searchParams.set('token', o.queryToken);
    const origin = o.origin === undefined ? new URL(baseUrl).origin : o.origin;
    const headers: Record<string, string> = {};
    if (o.bearer !== undefined) headers.Authorization = `Bearer ${o.bearer}`;
    if (o.cookie !== undefined) headers.Cookie = o.cookie;
    if (o.host !== undefined) headers.Host = o.host;
    const ws = new WebSocket(url, { ...(origin === null ? {} : { origin }), headers, ...(o.ca ? { ca: o.ca } : {}) });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new BridgeClient(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** Send a raw frame; resolves with the response carrying `id`. */
  sendRaw(frame: string, id: number): Promise<Response> {
    const answer = new Promise<Response>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no response to id ${id}`)), ANSWER_TIMEOUT_MS);
      this.waiting.set(id, (r) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(r);
      });
    });
    this.ws.send(frame);
    return answer;
  }

  request(channel: string, payload: unknown = {}): Promise<Response> {
    const id = this.nextId++;
    return this.sendRaw(JSON.stringify({ type: 'request', data: { id, channel, payload } }), id);
  }

  /** Resolves once a push satisfying `pred` has arrived (including earlier ones). */
  async waitForPush(pred: (p: Push) => boolean, timeoutMs = ANSWER_TIMEOUT_MS): Promise<Push> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.pushes.find(pred);
      if (hit) return hit;
      const left = until - Date.now();
      if (left <= 0) throw new Error(`push not seen; got: ${this.pushes.map((p) => p.channel).join(', ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.pushWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.ws.close();
  }
}
