import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { LiveSample, LiveState, Pushes, RequestChannel, RequestResults } from '../../app/protocol/bridge';
import { decodeMessage } from '../../app/protocol/envelope';
import { FromBrowserSchema, WS_PATH, type ToBrowser } from '../../app/protocol/wire';
import { generateSecret, sessionCookie } from '../../main/serve/auth';
import { TOKEN_PARAM } from '../../main/serve/credentials';
import { staticHandler } from '../../main/serve/http-handler';
import { allowedHostNames, isOwnOrigin } from '../../main/serve/origins';
import { gateRequests, upgradeRefusal, type GateOptions } from '../../main/serve/request-gate';
import { refuseUpgrade } from '../../main/serve/responses';
import { errorMessage } from '../../app/error-message';

/**
 * A stand-in for main: the real static-file handler behind the real gate
 * (same security headers, CSP, secret and cookie as `kvscope serve`) and a Bridge socket that answers from a canned
 * LiveState and pushes whatever the benchmark hands it. No run controller,
 * no workers: the page is the only thing being measured.
 */
const HOST = '127.0.0.1';
/** Above this much unsent data the pusher waits for the socket to drain, like a well-behaved main. */
const HIGH_WATER_BYTES = 256 * 1024;
const CLOSE_GRACE_MS = 1000;

export interface FakeBridge {
  /** The address to open, with the token the page trades for its cookie. */
  url: string;
  /** What getState answers from now on. */
  setState(state: LiveState): void;
  /** Resolves once a page has an open Bridge socket. */
  connected(timeoutMs: number): Promise<void>;
  /** Push one sample; resolves at once unless the socket is backed up, then when it has drained. */
  pushSample(runId: string, sample: LiveSample): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeBridge(rendererDir: string, log: (line: string) => void): Promise<FakeBridge> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const hosts = allowedHostNames(HOST);
  const secret = generateSecret();
  const gate: GateOptions = { keys: { secret, cookie: sessionCookie(secret, port, false) }, hosts, port, log };
  server.on('request', gateRequests(gate, staticHandler(rendererDir, log)));
  const wss = new WebSocketServer({ noServer: true });
  let state: LiveState | null = null;
  let page: WebSocket | null = null;
  const waiters = new Set<() => void>();

  server.on('upgrade', (req, socket, head) => {
    const refusal = upgradeRefusal(gate, req);
    if (refusal) return refuseUpgrade(socket, refusal.status, refusal.text);
    if ((req.url ?? '').split('?', 1)[0] !== WS_PATH || !isOwnOrigin(req.headers.origin, hosts, port)) {
      return refuseUpgrade(socket, 403, 'not the Bridge of this page');
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      page = ws;
      ws.on('message', (data: RawData) => answer(ws, data));
      ws.on('error', (err) => log(`fake bridge: socket error: ${err.message}`));
      for (const w of [...waiters]) w();
    });
  });

  const results = (channel: RequestChannel): RequestResults[RequestChannel] => {
    switch (channel) {
      case 'getState':
        if (!state) throw new Error('no state set');
        return state;
      case 'listScenarios':
        return [];
      case 'validateScenario':
        return { ok: true };
      case 'startRun':
        return { ok: false, errors: [], message: 'the UI benchmark replays a recorded run' };
      case 'stopRun':
        return { ok: false };
      case 'listRuns':
        return [];
      default:
        // The library is not part of what this benchmark measures.
        throw new Error(`the UI benchmark's bridge does not answer ${channel}`);
    }
  };

  function answer(ws: WebSocket, data: RawData): void {
    let decoded;
    try {
      decoded = decodeMessage(FromBrowserSchema, JSON.parse(String(data)));
    } catch {
      return log('fake bridge: a frame that is not JSON');
    }
    if (!decoded.ok) return log(`fake bridge: bad frame: ${decoded.reason}`);
    const { id, channel } = decoded.msg.data;
    let reply: ToBrowser;
    try {
      reply = { type: 'response', data: { id, ok: true, result: results(channel as RequestChannel) } };
    } catch (err) {
      reply = { type: 'response', data: { id, ok: false, error: errorMessage(err) } };
    }
    ws.send(JSON.stringify(reply));
  }

  return {
    url: `http://${HOST}:${port}/?${TOKEN_PARAM}=${secret}`,
    setState: (s) => void (state = s),
    connected: (timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        if (page?.readyState === WebSocket.OPEN) return resolve();
        const timer = setTimeout(() => reject(new Error(`no page connected within ${timeoutMs} ms`)), timeoutMs);
        const done = (): void => {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        };
        waiters.add(done);
      }),
    pushSample: (runId, sample) =>
      new Promise<void>((resolve, reject) => {
        const ws = page;
        if (ws?.readyState !== WebSocket.OPEN) return reject(new Error('the page has no open Bridge socket'));
        const payload: Pushes['sample'] = { ...sample, runId };
        const frame: ToBrowser = { type: 'push', data: { channel: 'sample', payload } };
        // The send callback fires once this frame has left for the kernel: waiting
        // for it only when backed up lets TCP flow control pace a slow page.
        const backedUp = ws.bufferedAmount > HIGH_WATER_BYTES;
        ws.send(JSON.stringify(frame), (err) => (backedUp ? (err ? reject(err) : resolve()) : undefined));
        if (!backedUp) resolve();
      }),
    close: async () => {
      for (const ws of wss.clients) ws.close();
      await new Promise((r) => setTimeout(r, wss.clients.size > 0 ? CLOSE_GRACE_MS : 0).unref());
      for (const ws of wss.clients) ws.terminate();
      await new Promise((r) => wss.close(r));
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
