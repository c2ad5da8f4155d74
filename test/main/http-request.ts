import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RawOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Over TLS, trusting this certificate. */
  ca?: Buffer;
  /** Where to connect, if not 127.0.0.1. */
  address?: string;
}

/** One request (to 127.0.0.1 unless told) with the path sent exactly as given (fetch would normalise '..' away) and no redirect followed. */
export function raw(port: number, path: string, o: RawOptions = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const options = { host: o.address ?? '127.0.0.1', port, path, method: o.method ?? 'GET', headers: o.headers ?? {} };
    const onResponse = (res: IncomingMessage): void => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    };
    const req = o.ca ? httpsRequest({ ...options, ca: o.ca }, onResponse) : httpRequest(options, onResponse);
    req.on('error', reject);
    req.end();
  });
}

/** The `name=value` part of a Set-Cookie header, as a browser would send it back. */
export function cookiePair(setCookie: string[] | undefined): string {
  const first = setCookie?.[0];
  if (!first) throw new Error('no Set-Cookie in the answer');
  return first.split(';', 1)[0] ?? '';
}

/** What a browser does with the printed address: trade its token for the session cookie. Returns the Cookie header to send. */
export async function signIn(tokenUrl: string, ca?: Buffer): Promise<string> {
  const u = new URL(tokenUrl);
  const r = await raw(Number(u.port), u.pathname + u.search, { ca });
  if (r.status !== 303) throw new Error(`signing in with ${tokenUrl} answered ${r.status}: ${r.body}`);
  return cookiePair(r.headers['set-cookie']);
}

/** The dashboard's index page as a browser signed in with the printed address gets it. */
export async function openDashboard(tokenUrl: string): Promise<string> {
  const cookie = await signIn(tokenUrl);
  const r = await raw(Number(new URL(tokenUrl).port), '/', { headers: { Cookie: cookie } });
  if (r.status !== 200) throw new Error(`the index answered ${r.status}`);
  return r.body;
}
