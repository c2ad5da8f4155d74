import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits per launch: beyond guessing even for a client on the network sending at line rate. */
const SECRET_BYTES = 32;
/** The least entropy a secret given by the user (--token-file) may carry. */
const MIN_SECRET_BITS = 128;
const BITS_PER_HEX_CHAR = 4;
const BITS_PER_BASE64URL_CHAR = 6;
/** The only characters a secret may have: it travels in a URL, a cookie and a header unescaped. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const HEX = /^[0-9a-fA-F]+$/;
/**
 * What the session cookie is derived from. The cookie is not the secret, so
 * a cookie that leaks (browser profile, another local server on the same
 * host name receiving it) does not reveal the token; and no server state is
 * needed, a restart (new secret) simply invalidates every cookie.
 */
const COOKIE_CONTEXT = 'kvscope session cookie v1';

export function generateSecret(): string {
  return randomBytes(SECRET_BYTES).toString('base64url');
}

/** Why `secret` is not usable as a secret, or undefined when it is. */
export function secretProblem(secret: string): string | undefined {
  if (!BASE64URL.test(secret)) return 'must be base64url or hex characters only (A-Z a-z 0-9 - _)';
  const bits = secret.length * (HEX.test(secret) ? BITS_PER_HEX_CHAR : BITS_PER_BASE64URL_CHAR);
  if (bits < MIN_SECRET_BITS) {
    return `is too short: ${secret.length} characters carry ${bits} bits, at least ${MIN_SECRET_BITS} are needed (22 base64url or 32 hex characters)`;
  }
  return undefined;
}

/**
 * Compares in constant time whatever is sent: both sides are hashed first, so
 * neither the content nor the length of the expected value shows in timing.
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

export interface SessionCookie {
  name: string;
  value: string;
  /** The whole Set-Cookie header that hands it to a browser. */
  header: string;
}

/**
 * The cookie a browser trades the token for. Cookies are not kept apart by
 * port, so the port is in the name: two servers on one host do not overwrite
 * each other's. Under TLS the __Host- prefix makes the browser refuse it
 * unless Secure, host-only and Path=/. A session cookie (no Max-Age): it goes
 * when the browser closes, and with the secret when the server restarts.
 */
export function sessionCookie(secret: string, port: number, tls: boolean): SessionCookie {
  const name = `${tls ? '__Host-' : ''}kvscope-${port}`;
  const value = createHmac('sha256', secret).update(COOKIE_CONTEXT).digest('base64url');
  const attributes = ['HttpOnly', 'SameSite=Strict', 'Path=/', ...(tls ? ['Secure'] : [])];
  return { name, value, header: [`${name}=${value}`, ...attributes].join('; ') };
}
