import WebSocket from 'ws';
import type { Pushes, RunListItem } from '../../app/protocol/bridge';
import { IMPORT_NAME_PARAM, IMPORT_RUN_PATH, WS_PATH, type ToBrowser } from '../../app/protocol/wire';

/** How long one Bridge request may take before the soak calls the server stuck. */
const ANSWER_TIMEOUT_MS = 15_000;

type RunEnded = Pushes['runEnded'];

/**
 * The soak's page of the dashboard: one WebSocket to the Bridge, as the
 * browser keeps, proving the secret by a Bearer header and sending the
 * server's own Origin; imports go up over HTTP, as the page sends them.
 */
export class SoakBridge {
  private nextId = 1;
  private readonly answers = new Map<number, (frame: Extract<ToBrowser, { type: 'response' }>['data']) => void>();
  private readonly ended = new Map<string, (end: RunEnded) => void>();

  private constructor(
    private readonly ws: WebSocket,
    private readonly url: string,
    private readonly secret: string,
  ) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ToBrowser;
      if (frame.type === 'response') this.answers.get(frame.data.id)?.(frame.data);
      else if (frame.data.channel === 'runEnded') {
        const end = frame.data.payload as RunEnded;
        this.ended.get(end.runId)?.(end);
      }
    });
  }

  static connect(url: string, secret: string): Promise<SoakBridge> {
    const ws = new WebSocket(new URL(WS_PATH, url.replace(/^http/, 'ws')), {
      origin: new URL(url).origin,
      headers: { Authorization: `Bearer ${secret}` },
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new SoakBridge(ws, url, secret)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`the Bridge refused the soak's socket: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** The request's result; an error answer, a closed socket or no answer in time is thrown. */
  request(channel: string, payload: unknown = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.answers.delete(id);
        reject(new Error(`no answer to ${channel} within ${ANSWER_TIMEOUT_MS / 1000} s`));
      }, ANSWER_TIMEOUT_MS);
      this.answers.set(id, (r) => {
        clearTimeout(timer);
        this.answers.delete(id);
        if (r.ok) resolve(r.result);
        else reject(new Error(`${channel}: ${r.error}`));
      });
      this.ws.send(JSON.stringify({ type: 'request', data: { id, channel, payload } }), (err) => err && reject(err));
    });
  }

  /** Resolves with the run's runEnded push; call it before the run can end (right after startRun answers). */
  runEnded(runId: string, timeoutMs: number): Promise<RunEnded> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.ended.delete(runId);
        reject(new Error(`run ${runId} did not end within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.ended.set(runId, (end) => {
        clearTimeout(timer);
        this.ended.delete(runId);
        resolve(end);
      });
    });
  }

  /** A run file imported as the page uploads one: POSTed to the import path, the imported run's entry back. */
  async importRun(name: string, text: string): Promise<RunListItem> {
    const target = `${new URL(IMPORT_RUN_PATH, this.url)}?${new URLSearchParams({ [IMPORT_NAME_PARAM]: name })}`;
    const res = await fetch(target, {
      method: 'POST',
      body: text,
      headers: {
        Authorization: `Bearer ${this.secret}`,
        Origin: new URL(this.url).origin,
        'Content-Type': 'application/x-ndjson',
      },
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
    const answer = await res.text();
    if (!res.ok) throw new Error(`import of ${name}: ${res.status} ${answer.trim()}`);
    return JSON.parse(answer) as RunListItem;
  }

  close(): void {
    this.ws.close();
  }
}
