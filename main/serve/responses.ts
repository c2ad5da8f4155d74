import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { SECURITY_HEADERS } from './security-headers';

/** Longest piece of a request (a Host header, a path) quoted in a log line. */
const MAX_LOGGED_CHARS = 200;
const TEXT = 'text/plain; charset=utf-8';

/** The headers every answer carries, refusals included, so no answer of ours can be framed or sniffed. */
export function applySecurityHeaders(res: ServerResponse): void {
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
  // A rebuilt renderer must show on the next reload; files are local, revalidation is cheap.
  res.setHeader('Cache-Control', 'no-cache');
}

export function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'Content-Type': TEXT });
  res.end(text + '\n');
}

/** An answer to a WebSocket upgrade that is not taken: plain HTTP on the raw socket, with the same headers. */
export function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  const body = Buffer.from(text + '\n');
  const headers = { ...SECURITY_HEADERS, 'Content-Type': TEXT, 'Content-Length': String(body.length), Connection: 'close' };
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  socket.end(Buffer.concat([Buffer.from(head.join('\r\n') + '\r\n\r\n'), body]));
}

/**
 * A request's text as a log line may show it: quoted, control characters
 * escaped (a Host header or path is the client's to choose, and the log goes
 * to a terminal), and cut short.
 */
export function shown(text: string | undefined): string {
  if (text === undefined) return '(none)';
  const cut = text.length > MAX_LOGGED_CHARS ? text.slice(0, MAX_LOGGED_CHARS) + '…' : text;
  return JSON.stringify(cut).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
