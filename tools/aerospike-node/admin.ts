import * as W from './wire';

/** Admin (type 2) commands and fields the client uses to log in. */
const CMD_AUTHENTICATE = 0;
const CMD_LOGIN = 20;
const FIELD_USER = 0;
const FIELD_SESSION_TOKEN = 5;
const FIELD_SESSION_TTL = 6;
const ADMIN_HEADER_SIZE = 16;
const SESSION_TTL_S = 24 * 3600;

function fields(body: Buffer): Map<number, Buffer> {
  const out = new Map<number, Buffer>();
  let p = ADMIN_HEADER_SIZE;
  for (let i = 0; i < body[3]; i++) {
    const size = body.readUInt32BE(p);
    out.set(body[p + 4], body.subarray(p + 5, p + 4 + size));
    p += 4 + size;
  }
  return out;
}

function reply(code: number, extra: [number, Buffer][] = []): Buffer {
  const head = Buffer.alloc(ADMIN_HEADER_SIZE);
  head[1] = code;
  head[3] = extra.length;
  const parts: Buffer[] = [head];
  for (const [id, data] of extra) {
    const f = Buffer.alloc(5);
    f.writeUInt32BE(data.length + 1, 0);
    f[4] = id;
    parts.push(f, data);
  }
  return W.frame(W.TYPE_ADMIN, Buffer.concat(parts));
}

/**
 * Login and session authentication. Without users the node answers
 * "security not enabled", which the client takes as success. With users it
 * checks the user name only: the client sends a bcrypt hash of the password,
 * which this test node does not verify (a real server does).
 */
export function answerAdmin(users: ReadonlySet<string> | undefined, body: Buffer): { reply: Buffer; authenticated: boolean } {
  if (!users) return { reply: reply(W.SECURITY_NOT_ENABLED), authenticated: true };
  const cmd = body[2];
  const user = fields(body).get(FIELD_USER)?.toString('utf8') ?? '';
  if (cmd !== CMD_LOGIN && cmd !== CMD_AUTHENTICATE) return { reply: reply(W.ERR_PARAMETER), authenticated: false };
  if (!users.has(user)) return { reply: reply(W.INVALID_USER), authenticated: false };
  if (cmd === CMD_AUTHENTICATE) return { reply: reply(W.OK), authenticated: true };
  const ttl = Buffer.alloc(4);
  ttl.writeUInt32BE(SESSION_TTL_S);
  return {
    reply: reply(W.OK, [
      [FIELD_SESSION_TOKEN, Buffer.from(`session-${user}`)],
      [FIELD_SESSION_TTL, ttl],
    ]),
    authenticated: true,
  };
}
