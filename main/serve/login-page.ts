import type { ServerResponse } from 'node:http';

/** The scheme a 401 names (RFC 9110 wants one on every 401); scripts send `Authorization: Bearer <secret>`. */
export const WWW_AUTHENTICATE = 'Bearer realm="kvscope"';

/**
 * What a page request without the secret gets instead of the app: no script
 * (the app would only spin, its socket refused), no style (the CSP allows no
 * inline one), just what to do. The link back matters after a link from
 * another site: a browser holds a SameSite=Strict cookie back on the redirect
 * of a navigation another site started, and sends it on a click from here.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>kvscope: open the address with its token</title></head>
<body>
<h1>kvscope needs the address it printed</h1>
<p>This dashboard opens only from the address <code>kvscope serve</code> (or <code>npm start</code>) printed when it
started, the one ending in <code>?token=…</code>: copy the line <code>kvscope dashboard: …</code> from its terminal.
The token is new each time kvscope starts, so an address from an earlier start no longer works.</p>
<p>Just opened that address from a link in another program? <a href="/">Open the dashboard</a>.</p>
</body>
</html>
`;

export function needSecretPage(res: ServerResponse): void {
  res.writeHead(401, { 'Content-Type': 'text/html; charset=utf-8', 'WWW-Authenticate': WWW_AUTHENTICATE, 'Cache-Control': 'no-store' });
  res.end(PAGE);
}
