import type { Server } from 'node:http';

/** Listen and resolve with the port actually bound (port 0 picks a free one). */
export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException): void => reject(new Error(describeListenError(err, host, port)));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const addr = server.address();
      resolve(addr !== null && typeof addr === 'object' ? addr.port : port);
    });
  });
}

/** The user picked host and port in a scenario, so say which setting to change. */
function describeListenError(err: NodeJS.ErrnoException, host: string, port: number): string {
  switch (err.code) {
    case 'EADDRINUSE':
      return `port ${port} on ${host} is already in use; pick another port or 0 for a free one`;
    case 'EADDRNOTAVAIL':
      return `${host} is not an address of this machine`;
    case 'EACCES':
      return `no permission to listen on ${host}:${port}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot resolve host ${host}`;
    default:
      return `cannot listen on ${host}:${port}: ${err.message}`;
  }
}
