import { Agent, request, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import type { IoCounters, Outcome } from '../driver';
import { CONNECT_TIMEOUT_MS } from '../../../app/host/connect-timeout';

/** Maps a response status to an outcome, or to FAILED when the status means the operation failed. */
export const FAILED = -1;
type Classify = (status: number) => Outcome | typeof FAILED;

/** A request body built once and sent many times. */
export interface Body {
  bytes: Buffer;
  headers: OutgoingHttpHeaders;
}

/** The rejection of an operation that outlived its deadline; isTimeout() of the drivers checks for it. */
export class OpTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'OpTimeoutError';
  }
}

/**
 * The part both built-in HTTP drivers share: keep-alive connections to one
 * host:port, one request per operation with a whole-operation deadline, and
 * byte counting. Response bodies are counted and dropped, never buffered.
 */
export class HttpClient {
  private readonly agent: Agent;

  constructor(
    readonly host: string,
    readonly port: number,
    private readonly timeoutMs: number,
    private readonly io: IoCounters,
    maxSockets: number,
  ) {
    // One socket per operation in flight: no operation waits for a socket.
    this.agent = new Agent({ keepAlive: true, maxSockets });
  }

  send(method: string, path: string, body: Body | undefined, classify: Classify, timeoutMs = this.timeoutMs): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      let settled = false;
      const fail = (err: Error): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        reject(err);
      };
      const req = request(
        { agent: this.agent, host: this.host, port: this.port, method, path, headers: body?.headers },
        (res: IncomingMessage) => {
          res.on('data', this.countIn);
          res.on('error', fail);
          res.on('end', () => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            const status = res.statusCode ?? 0;
            const outcome = classify(status);
            if (outcome === FAILED) reject(new Error(`HTTP ${status} ${res.statusMessage ?? ''} for ${method} ${path}`.trimEnd()));
            else resolve(outcome);
          });
        },
      );
      // A deadline for the whole operation, not the socket's idle time, so a
      // server that answers slowly byte by byte still counts as a timeout.
      const timer = setTimeout(expire, timeoutMs, req, timeoutMs);
      req.on('error', fail);
      if (body) {
        this.io.bytesOut += body.bytes.length;
        req.end(body.bytes);
      } else {
        req.end();
      }
    });
  }

  /** One request that must succeed; its failure names the target so the user knows what to fix. */
  async probe(what: string, method: string, path: string, classify: Classify): Promise<void> {
    try {
      // A probe that gets no answer must fail connect() soon, whatever opTimeoutMs says.
      await this.send(method, path, undefined, classify, Math.min(this.timeoutMs, CONNECT_TIMEOUT_MS));
    } catch (err) {
      throw new Error(`cannot connect to ${what} at ${this.host}:${this.port}: ${describe(err)}`, { cause: err });
    }
  }

  close(): void {
    this.agent.destroy();
  }

  private readonly countIn = (chunk: Buffer): void => {
    this.io.bytesIn += chunk.length;
  };
}

export function isOpTimeout(err: unknown): boolean {
  return err instanceof OpTimeoutError;
}

/** Module level, so arming the deadline allocates no closure per operation. */
function expire(req: ClientRequest, ms: number): void {
  req.destroy(new OpTimeoutError(ms));
}

/** Socket failures keep their errno code (ECONNREFUSED, EHOSTUNREACH, ENOTFOUND): that is what a user searches for. */
function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  return err.message;
}
