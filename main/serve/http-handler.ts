import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { IMPORT_RUN_PATH } from '../../app/protocol/wire';
import { splitTarget } from './credentials';
import { applySecurityHeaders, plain } from './responses';
import { contentType, lookupStatic } from './static-files';
import { errorMessage } from '../../app/error-message';

/** The dashboard is a local, read-only set of files: only these methods make sense. */
const PAGE_METHODS = ['GET', 'HEAD'];
/** The one path that takes a body: a run file imported in the browser (import-upload.ts). */
const UPLOAD_METHODS = ['POST'];

/**
 * Serves the built renderer. Every response, errors included, carries the
 * security headers, so an error page cannot be abused either.
 */
export function staticHandler(root: string, log: (line: string) => void) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    applySecurityHeaders(res);
    if (!methodAllowed(req, res)) return;
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
        log(`serve: ${req.url}: ${errorMessage(err)}`);
        plain(res, 500, 'internal error');
      },
    );
  };
}

/** False, with the 405 answered, for a method the dashboard has no use for on that path. */
export function methodAllowed(req: IncomingMessage, res: ServerResponse): boolean {
  const allowed = splitTarget(req.url).path === IMPORT_RUN_PATH ? UPLOAD_METHODS : PAGE_METHODS;
  if (allowed.includes(req.method ?? '')) return true;
  res.setHeader('Allow', allowed.join(', '));
  plain(res, 405, 'method not allowed');
  return false;
}
