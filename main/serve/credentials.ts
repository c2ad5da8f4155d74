import type { IncomingMessage } from 'node:http';
import { sameSecret, type SessionCookie } from './auth';

/** What a request may prove it knows: the launch's secret, or the cookie derived from it. */
export interface Keys {
  secret: string;
  cookie: SessionCookie;
}

/**
 * Where a request may carry the secret. Pages send the cookie; scripts and
 * tests a Bearer header; a query token counts only where no cookie can be set
 * first (the WebSocket upgrade), since on a page it is traded for the cookie.
 */
export type Carrier = 'cookie' | 'bearer' | 'query';

/** The query parameter that carries the secret in the printed address. */
export const TOKEN_PARAM = 'token';
const BEARER = /^Bearer[ \t]+([^ \t]+)[ \t]*$/i;

export interface Target {
  /** The path exactly as sent (still percent-encoded). */
  path: string;
  query: URLSearchParams;
}

/**
 * Split a request target into path and query without URL parsing: a target
 * such as `//evil.example/x` has to stay a path here, never become a host.
 */
export function splitTarget(url: string | undefined): Target {
  const raw = (url ?? '/').split('#', 1)[0] ?? '';
  const q = raw.indexOf('?');
  if (q < 0) return { path: raw, query: new URLSearchParams() };
  return { path: raw.slice(0, q), query: new URLSearchParams(raw.slice(q + 1)) };
}

export function authorized(req: IncomingMessage, keys: Keys, carriers: readonly Carrier[]): boolean {
  return carriers.some((c) => CHECKS[c](req, keys));
}

const CHECKS: Record<Carrier, (req: IncomingMessage, keys: Keys) => boolean> = {
  cookie: (req, keys) => cookieValues(req.headers.cookie, keys.cookie.name).some((v) => sameSecret(v, keys.cookie.value)),
  bearer: (req, keys) => {
    const m = BEARER.exec(req.headers.authorization ?? '');
    return m !== null && sameSecret(m[1] ?? '', keys.secret);
  },
  query: (req, keys) =>
    splitTarget(req.url)
      .query.getAll(TOKEN_PARAM)
      .some((t) => sameSecret(t, keys.secret)),
};

/** Every value the Cookie header gives `name` (a browser may send one name twice, from different paths). */
function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) values.push(pair.slice(eq + 1).trim());
  }
  return values;
}
