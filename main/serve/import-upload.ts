import type { IncomingMessage, ServerResponse } from 'node:http';
import { dispatchRequest, MAX_IMPORT_CHARS } from '../../app/protocol/bridge';
import { IMPORT_NAME_PARAM } from '../../app/protocol/wire';
import type { BridgeHost } from './bridge-host';
import { splitTarget } from './credentials';
import { plain, shown } from './responses';
import { errorMessage } from '../../app/error-message';

/**
 * The most an upload may carry: the Bridge's own limit on an imported run
 * file. Bytes of UTF-8 decode to at most as many characters, so what passes
 * here is never refused for its size by importRun's own check.
 */
const MAX_UPLOAD_BYTES = MAX_IMPORT_CHARS;
const MIB = 1024 * 1024;
const STATUS_FORBIDDEN = 403;
const STATUS_TOO_LARGE = 413;
/** The library refused the file (not a run, already here, a bad name): its reason, as the Bridge would answer it. */
const STATUS_REFUSED = 422;
/** How long the rest of a refused upload is read and dropped before its connection is cut. */
const LINGER_MS = 2000;
const TOO_LARGE = `kvscope: a run file may be at most ${MAX_UPLOAD_BYTES / MIB} MiB`;

interface UploadOptions {
  host: BridgeHost;
  /** Decides whether a request comes from one of our own pages (the Bridge's own Origin check). */
  acceptOrigin: (origin: string | undefined) => boolean;
  log: (line: string) => void;
}

/**
 * A run file imported in the browser: the body of a POST (the gate has
 * checked its Host and secret), its name in the query. Refused unless from our
 * own origin, and once past MAX_UPLOAD_BYTES as it streams in; else handed to
 * the Bridge's importRun, so it is validated, masked and given an id exactly
 * as an import over the socket or IPC is. A WebSocket frame stays small.
 */
export function importUploadHandler(o: UploadOptions) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const from = req.socket.remoteAddress;
    if (!o.acceptOrigin(req.headers.origin)) {
      o.log(`serve: refused an import from origin ${shown(req.headers.origin)}`);
      return refuse(req, res, STATUS_FORBIDDEN, 'kvscope: imports are taken only from pages of this server (Origin)');
    }
    const tooLarge = (): void => {
      o.log(`serve: refused an import over ${MAX_UPLOAD_BYTES / MIB} MiB from ${from}`);
      refuse(req, res, STATUS_TOO_LARGE, TOO_LARGE);
    };
    if (Number(req.headers['content-length']) > MAX_UPLOAD_BYTES) return tooLarge();
    readCapped(req, MAX_UPLOAD_BYTES).then(
      (body) => {
        if (!body) return tooLarge();
        const name = splitTarget(req.url).query.get(IMPORT_NAME_PARAM) ?? undefined;
        return dispatchRequest(o.host, 'importRun', { name, text: body.toString('utf8') }).then(
          (item) => {
            res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
            res.end(JSON.stringify(item));
          },
          (err: unknown) => {
            o.log(`serve: import refused: ${shown(errorMessage(err))}`);
            plain(res, STATUS_REFUSED, errorMessage(err), { 'Cache-Control': 'no-store' });
          },
        );
      },
      (err: unknown) => {
        o.log(`serve: an import from ${from} broke off: ${errorMessage(err)}`);
        res.destroy();
      },
    );
  };
}

/**
 * An answer before the body is all read. The rest is read and dropped for a
 * while, not cut off at once: a client still sending would get a reset
 * instead of the answer. One that goes on sending past LINGER_MS is cut.
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, text: string): void {
  plain(res, status, text, { 'Cache-Control': 'no-store' });
  if (req.complete) return;
  req.resume();
  const cut = setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  req.once('end', () => clearTimeout(cut));
  req.once('close', () => clearTimeout(cut));
}

/** The whole body, or undefined as soon as it is past `max` bytes (what comes after is dropped unread). */
function readCapped(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= max) return void chunks.push(chunk);
      req.off('data', onData);
      chunks.length = 0;
      resolve(undefined);
    };
    req.on('data', onData);
    req.once('end', () => size <= max && resolve(Buffer.concat(chunks, size)));
    req.once('error', reject);
    req.once('close', () => {
      if (!req.complete) reject(new Error('the client closed the connection mid-upload'));
    });
  });
}
