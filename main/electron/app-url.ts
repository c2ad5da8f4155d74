/**
 * The renderer is loaded from a privileged custom scheme rather than file://:
 * it gives the page a real origin (so CSP 'self' and absolute asset paths mean
 * the app's own files and nothing else on disk), lets the protocol handler
 * send the CSP header itself, and makes "is this our page?" a simple check.
 */
export const APP_SCHEME = 'kvscope';
export const APP_HOST = 'app';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** True for any URL of the app's own pages and files, and nothing else. */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}

/**
 * Schemes the window may load besides the app's: the developer tools, and
 * data: URLs the page builds itself (chart pictures for the PNG export, the
 * files it saves); neither reaches the network.
 */
const INTERNAL_SCHEMES = new Set(['devtools:', 'data:']);

/** Whether the window may request `url` at all: the app's files yes, anything remote no. */
export function isAllowedRequest(url: string): boolean {
  if (isAppUrl(url)) return true;
  try {
    return INTERNAL_SCHEMES.has(new URL(url).protocol);
  } catch {
    return false;
  }
}
