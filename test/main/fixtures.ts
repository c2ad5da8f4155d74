import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Text of the stand-in renderer page, to recognise it in responses. */
export const INDEX_MARK = 'kvscope stand-in renderer';
/** A file beside the renderer folder that no request may ever read. */
export const SECRET_MARK = 'SECRET-OUTSIDE-THE-RENDERER';

export interface Fixture {
  root: string;
  rendererDir: string;
  runsDir: string;
  remove(): void;
}

/**
 * A temp folder holding a tiny built renderer (the real one is another
 * engineer's Vite build), a secret file beside it for traversal tests, and a
 * runs folder.
 */
export function makeFixture(): Fixture {
  const root = mkdtempSync(join(tmpdir(), 'kvscope-serve-'));
  const rendererDir = join(root, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(
    join(rendererDir, 'index.html'),
    `<!doctype html><title>${INDEX_MARK}</title><script type="module" src="/assets/app.js"></script>`,
  );
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log("app");\n');
  writeFileSync(join(rendererDir, 'assets', 'app.css'), 'body { margin: 0 }\n');
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: SECRET_MARK }));
  // A link inside the build to a file outside it.
  symlinkSync(join(root, 'package.json'), join(rendererDir, 'assets', 'link.json'));
  const runsDir = join(root, 'runs');
  return { root, rendererDir, runsDir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
