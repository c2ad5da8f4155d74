import { createServer } from 'node:net';

/**
 * A TCP port nothing listens on right now, chosen by the kernel. Another
 * process may take it before the caller binds it; callers that start a server
 * on it should retry on "address in use".
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not read the port of a probe server'))));
    });
  });
}
