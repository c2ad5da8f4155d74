import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StallServer {
  port: number;
  /** Hold every answer (pending and new) until `ms` from now. */
  stallFor(ms: number): void;
  requests(): number;
  close(): Promise<void>;
}

/** A minimal key-value HTTP server (200 for GET, 204 for PUT) that can be told to stop answering for a while. */
export async function startStallServer(): Promise<StallServer> {
  let until = 0;
  let count = 0;
  const held: ServerResponse[] = [];
  const answer = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method === 'PUT') res.writeHead(204).end();
    else res.writeHead(200, { 'content-type': 'application/json' }).end('[1,2,3]');
  };
  const server = createServer((req, res) => {
    count++;
    req.resume();
    req.on('end', () => {
      if (Date.now() < until) held.push(Object.assign(res, { req }));
      else answer(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    stallFor(ms) {
      until = Date.now() + ms;
      setTimeout(() => {
        for (const res of held.splice(0)) answer(res.req, res);
      }, ms);
    },
    requests: () => count,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
