import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { count, type RequestCounters } from './counters';
import type { KvStore } from './kv-store';
import { errorMessage } from '../../app/error-message';

/** Keys become file names: this keeps them inside the data folder and portable. */
const KEY_PATTERN = /^[a-z0-9_-]{1,200}$/;
/** Largest value a PUT may carry, so a runaway client cannot exhaust the server's memory. */
const MAX_VALUE_BYTES = 256 * 1024 * 1024;

/**
 * The key-value HTTP API: `PUT /<key>` stores the body, `GET /<key>` returns
 * it after the store's work. Every answer is counted once, as a read or write.
 */
export function kvHandler(store: KvStore, counters: RequestCounters): RequestListener {
  return (req, res) => {
    const key = keyOf(req.url ?? '/');
    if (req.method === 'GET') {
      if (!KEY_PATTERN.test(key)) return badKey(res, counters, 'read.error');
      store.get(key).then(
        (value) => {
          if (value === undefined) {
            count(counters, 'read.notFound');
            send(res, 404, 'no such key\n');
            return;
          }
          count(counters, 'read.success');
          res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': value.length });
          res.end(value);
        },
        (err: unknown) => {
          count(counters, 'read.error');
          send(res, 500, `read failed: ${errorMessage(err)}\n`);
        },
      );
      return;
    }
    if (req.method === 'PUT') {
      if (!KEY_PATTERN.test(key)) {
        req.resume();
        return badKey(res, counters, 'write.error');
      }
      readBody(req, (body) => {
        if (body === undefined) {
          count(counters, 'write.error');
          res.setHeader('Connection', 'close');
          send(res, 413, `value larger than ${MAX_VALUE_BYTES} bytes\n`);
          return;
        }
        store.put(key, body).then(
          () => {
            count(counters, 'write.success');
            // 204 whether or not the key existed: telling 201 apart would cost a stat per write.
            res.writeHead(204).end();
          },
          (err: unknown) => {
            count(counters, 'write.error');
            send(res, 500, `write failed: ${errorMessage(err)}\n`);
          },
        );
      });
      return;
    }
    req.resume();
    res.setHeader('Allow', 'GET, PUT');
    send(res, 405, 'only GET and PUT\n');
  };
}

function keyOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url.slice(1) : url.slice(1, q);
}

function badKey(res: ServerResponse, counters: RequestCounters, name: 'read.error' | 'write.error'): void {
  count(counters, name);
  send(res, 400, `key must match ${KEY_PATTERN}\n`);
}

function send(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Calls back with the whole body, or undefined once it grows past MAX_VALUE_BYTES. */
function readBody(req: IncomingMessage, done: (body: Buffer | undefined) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooBig = false;
  req.on('data', (chunk: Buffer) => {
    if (tooBig) return;
    size += chunk.length;
    if (size > MAX_VALUE_BYTES) {
      tooBig = true;
      chunks.length = 0;
      done(undefined);
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (!tooBig) done(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
  });
}
