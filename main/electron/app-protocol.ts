import { readFile } from 'node:fs';
import { promisify } from 'node:util';
import { protocol } from 'electron';
import { SECURITY_HEADERS } from '../serve/security-headers';
import { contentType, lookupStatic } from '../serve/static-files';
import { APP_HOST, APP_SCHEME } from './app-url';
import { errorMessage } from '../../app/error-message';

// The callback form, which Electron's asar support patches (the renderer sits in app.asar when packaged).
const read = promisify(readFile);

/**
 * Must run before the app is ready. 'standard' gives the scheme real origins
 * and relative URL resolution; 'secure' makes the page a secure context.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/**
 * Serves the built renderer at kvscope://app/ with the same lookup (no
 * traversal, no symlinks out) and the same security headers as `kvscope serve`.
 */
export function serveAppProtocol(rendererDir: string, log: (line: string) => void): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return text(404, 'not found');
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'method not allowed');
    const found = await lookupStatic(rendererDir, url.pathname);
    if (!found.ok) return text(found.status, found.reason);
    try {
      const body = await read(found.file);
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: { ...SECURITY_HEADERS, 'Content-Type': contentType(found.file) },
      });
    } catch (err) {
      log(`app protocol: reading ${found.file} failed: ${errorMessage(err)}`);
      return text(500, 'internal error');
    }
  });
}

function text(status: number, body: string): Response {
  return new Response(body, { status, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}
