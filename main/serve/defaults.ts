import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../engine/entries';
import { INDEX_FILE } from './static-files';

/** Loopback only unless the user asks otherwise: the Bridge starts processes on this machine. */
export const DEFAULT_HOST = '127.0.0.1';
/** A fixed default so the dashboard's address can be bookmarked; 0 picks a free one. */
export const DEFAULT_PORT = 7317;

/** Where the Vite build puts the renderer; KVSCOPE_RENDERER_DIR points elsewhere (development, tests). */
export function defaultRendererDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.KVSCOPE_RENDERER_DIR || join(packageRoot(), 'dist', 'renderer');
}

export function assertRendererBuilt(dir: string): void {
  if (!existsSync(join(dir, INDEX_FILE))) throw new Error(`${join(dir, INDEX_FILE)} is missing: build the renderer first (npm run build)`);
}
