import { connect } from 'node:net';

/** How long one PING may take before the attempt counts as failed. */
const ATTEMPT_TIMEOUT_MS = 500;
/** Pause between attempts while the server is still starting. */
const RETRY_INTERVAL_MS = 100;
const PONG = '+PONG\r\n';

/**
 * One PING over a raw socket. A raw socket rather than ioredis, so a failed
 * check leaves no client reconnecting in the background.
 */
export function pingOnce(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    let reply = '';
    const socket = connect({ host, port });
    const finish = (ok: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), ATTEMPT_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d: string) => {
      reply += d;
      if (reply.length >= PONG.length) finish(reply.startsWith(PONG));
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(reply.startsWith(PONG)));
  });
}

/** Resolve once the server answers PING; false when it has not by `timeoutMs` or `gaveUp()` says stop. */
export async function waitForPong(host: string, port: number, timeoutMs: number, gaveUp: () => boolean): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gaveUp()) {
    if (await pingOnce(host, port)) return true;
    await new Promise((r) => setTimeout(r, RETRY_INTERVAL_MS));
  }
  return false;
}
