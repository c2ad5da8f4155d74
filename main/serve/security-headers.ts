/**
 * The one Content-Security-Policy of the dashboard, sent by the browser twin
 * (`kvscope serve`) and by the Electron shell alike, so the renderer behaves
 * the same under both. Nothing but the app's own files runs or loads: no
 * inline script, no eval, no remote host, no frames, no plugins. The only
 * connections the page makes are the serve twin's WebSocket and its run-file
 * upload, which 'self' covers (CSP 3: 'self' matches ws: on the page's own
 * host and port).
 */
const CSP_DIRECTIVES: readonly (readonly [string, string])[] = [
  ['default-src', "'none'"],
  ['script-src', "'self'"],
  // Vite emits stylesheets as files; React sets style attributes through the
  // CSSOM, which style-src does not restrict, so no 'unsafe-inline' is needed.
  ['style-src', "'self'"],
  // data:/blob: for chart images made in the page (PNG export).
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self'"],
  ['connect-src', "'self'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-ancestors', "'none'"],
  ['object-src', "'none'"],
];

export const CONTENT_SECURITY_POLICY = CSP_DIRECTIVES.map(([name, value]) => `${name} ${value}`).join('; ');

/** Headers on every response of the dashboard's own files. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  // A file is only ever what its Content-Type says (no sniffing a .json into script).
  'X-Content-Type-Options': 'nosniff',
  // Older browsers ignore frame-ancestors; this stops clickjacking there too.
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  // Other sites may not embed our scripts or open us with a handle on the window.
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
