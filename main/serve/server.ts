import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { packageRoot } from '../entries';
import { staticHandler } from './http-handler';
import { allowedHostNames, isOwnOrigin, urlHost } from './origins';
import { INDEX_FILE } from './static-files';
import type { BridgeHost } from './bridge-host';
import { attachBridge } from './ws-bridge';

/** Loopback only unless the user asks otherwise: the Bridge starts processes on this machine. */
export const DEFAULT_HOST = '127.0.0.1';
/** A fixed default so the dashboard's address can be bookmarked; 0 picks a free one. */
export const DEFAULT_PORT = 7317;

export interface ServeOptions {
  host: string;
  port: number;
  rendererDir: string;
  controller: BridgeHost;
  log: (line: string) => void;
}

export interface DashboardServer {
  url: string;
  port: number;
  /** Closes every page's socket and the server; the caller stops the run first. */
  close(): Promise<void>;
}

/** Where the Vite build puts the renderer; KVSCOPE_RENDERER_DIR points elsewhere (development, tests). */
export function defaultRendererDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.KVSCOPE_RENDERER_DIR || join(packageRoot(), 'dist', 'renderer');
}

export function assertRendererBuilt(dir: string): void {
  if (!existsSync(join(dir, INDEX_FILE))) throw new Error(`${join(dir, INDEX_FILE)} is missing: build the renderer first (npm run build)`);
}

/** The browser twin: the built renderer over HTTP and the Bridge over a WebSocket, one server. */
export async function startDashboardServer(o: ServeOptions): Promise<DashboardServer> {
  assertRendererBuilt(o.rendererDir);
  const server = createServer(staticHandler(o.rendererDir, o.log));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hosts = allowedHostNames(o.host);
  const bridge = attachBridge(server, {
    host: o.controller,
    acceptOrigin: (origin) => isOwnOrigin(origin, hosts, port),
    log: o.log,
  });
  server.on('error', (err) => o.log(`serve: ${err.message}`));
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost(o.host)}:${port}/`,
    port,
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((r) => server.close(() => r()));
        // Idle keep-alive connections would hold close() open.
        server.closeIdleConnections();
        await bridge.close();
        server.closeAllConnections();
        await stopped;
      })()),
  };
}
