import { errorMessage } from '../../app/error-message';

/** How servers say another process holds their port (Redis, Hazelcast, the JMX exporter's agent). */
const PORT_TAKEN = /already in use|BindException|EADDRINUSE/i;
/**
 * A local cluster whose port another process took between freePort() and the
 * server's bind starts again on fresh ports, this many times in all: such a
 * race is rare, several in a row are something else.
 */
export const START_ATTEMPTS = 3;

/** `start()`, again on a port taken (the error names it), up to START_ATTEMPTS in all; any other failure at once. */
export async function withFreshPorts<T>(what: string, start: () => Promise<T>, warn: (message: string) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (err) {
      if (attempt >= START_ATTEMPTS || !PORT_TAKEN.test(errorMessage(err))) throw err;
      warn(`${what}: another process took a port before the server bound it; starting again on fresh ports`);
    }
  }
}
