import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { sameSecret } from './auth';
import { authorized, splitTarget, TOKEN_PARAM, type Carrier, type Keys, type Target } from './credentials';
import { isOwnHost } from './host-check';
import { methodAllowed } from './http-handler';
import { needSecretPage, WWW_AUTHENTICATE } from './login-page';
import { applySecurityHeaders, plain, shown } from './responses';

/**
 * The built scripts and styles: public, they hold nothing but the app's code,
 * and the 401 page loads none of them. Everything else (index.html first of
 * all) needs the secret. Traversal out of this folder is refused by lookupStatic.
 */
const PUBLIC_PREFIX = '/assets/';
/** A page proves itself by the cookie; a script by the Bearer header. */
const PAGE_CARRIERS: readonly Carrier[] = ['cookie', 'bearer'];
/** An upgrade may also carry the token in its URL: a client that cannot send headers has no other way. */
const UPGRADE_CARRIERS: readonly Carrier[] = ['cookie', 'bearer', 'query'];
/** 421 Misdirected Request: this server is not the one that host name is for. */
const STATUS_WRONG_HOST = 421;
const STATUS_NEED_SECRET = 401;
const STATUS_SEE_OTHER = 303;
/** The method of the one request with a body (an imported run file); its answers are read by a script, not shown as a page. */
const UPLOAD = 'POST';
const UPLOAD_NEEDS_SECRET = 'kvscope: an upload needs the secret (the session cookie of the printed address, or a Bearer header)';
const NEED_SECRET_HEADERS = { 'WWW-Authenticate': WWW_AUTHENTICATE, 'Cache-Control': 'no-store' };

export interface GateOptions {
  keys: Keys;
  /** Host names this server answers to (allowedHostNames). */
  hosts: ReadonlySet<string>;
  port: number;
  log: (line: string) => void;
}

interface Refusal {
  status: number;
  text: string;
}

/** Wraps a request handler: Host check, token-for-cookie trade, and the secret before anything but PUBLIC_PREFIX. */
export function gateRequests(g: GateOptions, inner: RequestListener): RequestListener {
  return (req, res) => {
    applySecurityHeaders(res);
    const target = splitTarget(req.url);
    const wrongHost = hostRefusal(g, req, target);
    if (wrongHost) return plain(res, wrongHost.status, wrongHost.text);
    if (!methodAllowed(req, res)) return;
    // Only a page's address is traded; an upload proves itself by cookie or Bearer like any other request.
    if (req.method !== UPLOAD && target.query.has(TOKEN_PARAM)) return tradeToken(g, req, res, target);
    if (target.path.startsWith(PUBLIC_PREFIX) || authorized(req, g.keys, PAGE_CARRIERS)) return inner(req, res);
    g.log(`serve: refused ${req.method} ${shown(target.path)} from ${req.socket.remoteAddress}: no valid secret`);
    if (req.method === UPLOAD) return plain(res, STATUS_NEED_SECRET, UPLOAD_NEEDS_SECRET, NEED_SECRET_HEADERS);
    needSecretPage(res);
  };
}

/** Host, then secret: why an upgrade is not taken, or undefined to go on (the Origin check comes after). */
export function upgradeRefusal(g: GateOptions, req: IncomingMessage): Refusal | undefined {
  const target = splitTarget(req.url);
  const wrongHost = hostRefusal(g, req, target);
  if (wrongHost) return wrongHost;
  if (authorized(req, g.keys, UPGRADE_CARRIERS)) return undefined;
  g.log(`serve: refused a WebSocket from ${req.socket.remoteAddress}: no valid secret`);
  return {
    status: STATUS_NEED_SECRET,
    text: 'kvscope: the Bridge needs the secret (the cookie of the printed address, a Bearer header or ?token=)',
  };
}

function hostRefusal(g: GateOptions, req: IncomingMessage, target: Target): Refusal | undefined {
  if (isOwnHost(req.headers.host, g.hosts, g.port)) return undefined;
  g.log(
    `serve: refused ${req.method} ${shown(target.path)} for host ${shown(req.headers.host)}: not a name of this server (DNS rebinding?)`,
  );
  return {
    status: STATUS_WRONG_HOST,
    text: `kvscope: this server does not answer to host ${shown(req.headers.host)}; open the address kvscope printed (127.0.0.1, localhost or the --host name)`,
  };
}

/**
 * `?token=` on a page: the right one is traded for the session cookie and a
 * redirect to the same address without it, so the token leaves the address
 * bar and history with no script involved; a wrong one gets no cookie.
 */
function tradeToken(g: GateOptions, req: IncomingMessage, res: ServerResponse, target: Target): void {
  if (!target.query.getAll(TOKEN_PARAM).some((t) => sameSecret(t, g.keys.secret))) {
    g.log(`serve: refused a wrong token for ${shown(target.path)} from ${req.socket.remoteAddress}`);
    const text = 'kvscope: wrong token. It is new each time kvscope starts: open the address it printed last.';
    return plain(res, STATUS_NEED_SECRET, text, NEED_SECRET_HEADERS);
  }
  target.query.delete(TOKEN_PARAM);
  const rest = target.query.toString();
  // One leading slash, whatever was sent: `//evil.example` must not become a redirect to another host.
  const location = '/' + target.path.replace(/^[/\\]+/, '') + (rest ? `?${rest}` : '');
  res.writeHead(STATUS_SEE_OTHER, {
    Location: location,
    'Set-Cookie': g.keys.cookie.header,
    'Cache-Control': 'no-store',
    'Content-Type': 'text/plain; charset=utf-8',
  });
  res.end('signed in; the dashboard is at ' + location + '\n');
}
