import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generateSecret, sessionCookie } from './auth';
import { splitTarget, TOKEN_PARAM } from './credentials';
import { staticHandler } from './http-handler';
import { importUploadHandler } from './import-upload';
import { allowedHostNames, isOwnOrigin, urlHost } from './origins';
import { gateRequests, upgradeRefusal, type GateOptions } from './request-gate';
import type { TlsFiles } from './tls';
import type { BridgeHost } from './bridge-host';
import { attachBridge } from './ws-bridge';
import { IMPORT_RUN_PATH } from '../../app/protocol/wire';
import { assertRendererBuilt } from './defaults';

export interface ServeOptions {
  host: string;
  port: number;
  rendererDir: string;
  controller: BridgeHost;
  log: (line: string) => void;
  /** Every page and socket must prove it knows this; a new one per launch when not given. */
  secret?: string;
  /** Certificate and key: HTTPS and WSS instead of clear text. */
  tls?: TlsFiles;
}

export interface DashboardServer {
  /** The server's address, without the secret. */
  url: string;
  /** The address to open: `url` with `?token=`, which the page trades for its cookie. */
  tokenUrl: string;
  secret: string;
  port: number;
  /** Closes every page's socket and the server; the caller stops the run first. */
  close(): Promise<void>;
}

/** The browser twin: the built renderer over HTTP, the Bridge over a WebSocket and run imports over HTTP, one server. */
export async function startDashboardServer(o: ServeOptions): Promise<DashboardServer> {
  assertRendererBuilt(o.rendererDir);
  const secret = o.secret ?? generateSecret();
  const server: Server = o.tls ? createTlsServer({ cert: o.tls.cert, key: o.tls.key }) : createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hosts = allowedHostNames(o.host);
  const scheme = o.tls ? 'https:' : 'http:';
  // Attached only now, with the port known: nothing is read off a connection before this turn of the event loop ends.
  const gate: GateOptions = { keys: { secret, cookie: sessionCookie(secret, port, o.tls !== undefined) }, hosts, port, log: o.log };
  // One Origin rule for everything that acts: the Bridge socket and the import upload.
  const acceptOrigin = (origin: string | undefined): boolean => isOwnOrigin(origin, hosts, port, scheme);
  const files = staticHandler(o.rendererDir, o.log);
  const upload = importUploadHandler({ host: o.controller, acceptOrigin, log: o.log });
  server.on(
    'request',
    gateRequests(gate, (req, res) => (splitTarget(req.url).path === IMPORT_RUN_PATH ? upload(req, res) : files(req, res))),
  );
  const bridge = attachBridge(server, { host: o.controller, admit: (req) => upgradeRefusal(gate, req), acceptOrigin, log: o.log });
  server.on('error', (err) => o.log(`serve: ${err.message}`));
  // A failed handshake (a plain-HTTP client, a browser that does not trust the certificate) says why only here.
  server.on('tlsClientError', (err: Error) => o.log(`serve: TLS: ${err.message}`));
  const url = `${scheme}//${urlHost(o.host)}:${port}/`;
  let closing: Promise<void> | undefined;
  return {
    url,
    tokenUrl: `${url}?${TOKEN_PARAM}=${encodeURIComponent(secret)}`,
    secret,
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
