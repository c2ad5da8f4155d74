import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SECURITY_HEADERS } from './security-headers';
import { contentType, lookupStatic } from './static-files';

/** The dashboard is a local, read-only set of files: only these methods make sense. */
const ALLOWED_METHODS = ['GET', 'HEAD'];

/**
 * Serves the built renderer. Every response, errors included, carries the
 * security headers, so an error page cannot be abused either.
 */
export function staticHandler(root: string, log: (line: string) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    // A rebuilt renderer must show on the next reload; files are local, revalidation is cheap.
    res.setHeader('Cache-Control', 'no-cache');
    if (!ALLOWED_METHODS.includes(req.method ?? '')) {
      res.setHeader('Allow', ALLOWED_METHODS.join(', '));
      return plain(res, 405, 'method not allowed');
    }
    lookupStatic(root, req.url ?? '/').then(
      (found) => {
        if (!found.ok) return plain(res, found.status, found.reason);
        res.writeHead(200, { 'Content-Type': contentType(found.file), 'Content-Length': found.size });
        if (req.method === 'HEAD') return void res.end();
        createReadStream(found.file)
          .on('error', (err) => {
            log(`serve: reading ${found.file} failed: ${err.message}`);
            res.destroy();
          })
          .pipe(res);
      },
      (err: unknown) => {
        log(`serve: ${req.url}: ${(err as Error).message}`);
        plain(res, 500, 'internal error');
      },
    );
  };
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text + '\n');
}
