import { connect } from 'node:net';

/** How long one PING may take before the attempt counts as failed. */
const ATTEMPT_TIMEOUT_MS = 500;
/** Pause between attempts while the server is still starting. */
const RETRY_INTERVAL_MS = 100;
const PONG = '+PONG\r\n';

/**
 * One PING (after AUTH when a password is given) over a raw socket. A raw
 * socket rather than ioredis, so a failed check leaves no client reconnecting
 * in the background and the check does not depend on the client under test.
 */
function pingOnce(host: string, port: number, password?: string): Promise<boolean> {
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
    socket.on('connect', () => socket.write((password !== undefined ? command('AUTH', password) : '') + command('PING')));
    socket.on('data', (d: string) => {
      reply += d;
      if (reply.includes(PONG)) finish(true);
      // An error reply (-LOADING, -WRONGPASS, ...) comes first, whichever command it answers.
      else if (reply.startsWith('-') && reply.includes('\r\n')) finish(false);
    });
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(reply.includes(PONG)));
  });
}

interface WaitForPongOptions {
  timeoutMs: number;
  password?: string;
  /** Checked before every attempt; true stops waiting, e.g. once the server has exited. */
  gaveUp: () => boolean;
}

/** Resolve once the server answers PING; false when it has not by `timeoutMs` or `gaveUp()` says stop. */
export async function waitForPong(host: string, port: number, { timeoutMs, password, gaveUp }: WaitForPongOptions): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !gaveUp()) {
    if (await pingOnce(host, port, password)) return true;
    await new Promise((r) => setTimeout(r, RETRY_INTERVAL_MS));
  }
  return false;
}

/** A command as a RESP array, so a password with spaces or quotes goes through as is. */
function command(...args: string[]): string {
  return `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
}
