import { realpath as realpathCb, stat as statCb } from 'node:fs';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';

// The callback forms, which Electron's asar support has long patched, so the
// same lookup serves the renderer from inside app.asar in a packaged app.
const realpath = promisify(realpathCb);
const stat = promisify(statCb);

/** Content types of what a Vite build emits; anything else is served as opaque bytes. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
export const INDEX_FILE = 'index.html';

export function contentType(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? DEFAULT_CONTENT_TYPE;
}

type StaticLookup = { ok: true; file: string; size: number } | { ok: false; status: 400 | 403 | 404; reason: string };

/**
 * Map a URL path (as sent, percent-encoded, query allowed) to a regular file
 * inside `root`, or say why not. Refused: undecodable or NUL-bearing paths,
 * any '..' segment or backslash after decoding (encoded traversal such as
 * `..%2f`), and anything whose real path (symlinks followed) leaves root.
 * Used by the serve twin and by the Electron app protocol alike.
 */
export async function lookupStatic(root: string, urlPath: string): Promise<StaticLookup> {
  const pathname = urlPath.split(/[?#]/, 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { ok: false, status: 400, reason: 'malformed percent-encoding' };
  }
  if (decoded.includes('\0')) return { ok: false, status: 400, reason: 'NUL in path' };
  const segments = decoded.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..' || s.includes('\\') || s.includes(':'))) {
    return { ok: false, status: 403, reason: 'path leaves the app folder' };
  }
  if (segments.length === 0 || decoded.endsWith('/')) segments.push(INDEX_FILE);
  const candidate = resolve(root, ...segments);
  if (!inside(resolve(root), candidate)) return { ok: false, status: 403, reason: 'path leaves the app folder' };
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(candidate)]);
    // A symlink inside the build pointing elsewhere is not served.
    if (!inside(realRoot, realFile)) return { ok: false, status: 403, reason: 'path leaves the app folder' };
    const st = await stat(realFile);
    if (!st.isFile()) return { ok: false, status: 404, reason: 'not a file' };
    return { ok: true, file: realFile, size: st.size };
  } catch {
    return { ok: false, status: 404, reason: 'not found' };
  }
}

function inside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel !== '' && !rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel);
}
