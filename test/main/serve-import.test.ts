import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_CHARS, type RunListItem } from '../../app/protocol/bridge';
import { IMPORT_NAME_PARAM, IMPORT_RUN_PATH } from '../../app/protocol/wire';
import { RunController } from '../../main/engine/run-controller';
import { startDashboardServer, type DashboardServer } from '../../main/serve/server';
import { runFileOfSize } from '../helpers/run-file-size';
import { BridgeClient } from './bridge-client';
import { makeFixture } from './fixtures';
import { raw, signIn } from './http-request';

const MB = 1024 * 1024;
/** Same length and alphabet as a real secret, so only its value is wrong. */
const WRONG_SECRET = 'A'.repeat(43);
const PASSWORD = 'hunter2-in-the-upload';
/** A client that will not stop sending: this much every so often, up to the whole declared body. */
const PUMP_CHUNK_BYTES = 64 * 1024;
const PUMP_EVERY_MS = 5;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Upload {
  name?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sent instead of `body`: `count` copies of `chunk` (chunked unless `claim`), until the server answers. */
  stream?: { chunk: Buffer; count: number };
  /** A Content-Length larger than what is sent: the request is left open until the server answers. */
  claim?: number;
}

/**
 * One POST to the import path. Writing stops once the server has answered
 * (the rest of the body unsent, the request is dropped); an error after the
 * answer (the server cutting a refused upload) is not one.
 */
function post(port: number, o: Upload): Promise<Answer> {
  const path = `${IMPORT_RUN_PATH}?${new URLSearchParams(o.name === undefined ? {} : { [IMPORT_NAME_PARAM]: o.name })}`;
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers = { ...o.headers, ...(o.claim === undefined ? {} : { 'Content-Length': String(o.claim) }) };
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => {
        // A body cut short must not leave its connection to the next request.
        if (!req.writableEnded) req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    if (!o.stream) return void req.end(o.body ?? '');
    const { chunk, count } = o.stream;
    void (async () => {
      for (let i = 0; i < count && !answered && !req.destroyed; i++) {
        if (!req.write(chunk)) await new Promise((r) => (req.once('drain', r), req.once('close', r)));
      }
      if (!answered && !req.destroyed && o.claim === undefined) req.end();
    })();
  });
}

describe('kvscope serve: a run file imported over HTTP', () => {
  const fx = makeFixture();
  const logs: string[] = [];
  let server: DashboardServer;
  let port: number;
  /** What the page sends: its session cookie and its own Origin. */
  let page: Record<string, string>;
  beforeAll(async () => {
    const controller = new RunController(fx.runsDir);
    server = await startDashboardServer({ host: '127.0.0.1', port: 0, rendererDir: fx.rendererDir, controller, log: (l) => logs.push(l) });
    port = server.port;
    page = { Cookie: await signIn(server.tokenUrl), Origin: `http://127.0.0.1:${port}` };
  });
  afterAll(async () => {
    await server?.close();
    fx.remove();
  });

  const stored = (): string[] => (existsSync(fx.runsDir) ? readdirSync(fx.runsDir).filter((f) => f.endsWith('.ndjson')) : []);

  it('imports a 2.5 MB run file as the Bridge does: listed, a fresh id for one that is no UUID, the password masked', async () => {
    const text = runFileOfSize('not-a-uuid', 2.5 * MB, (h) => ({
      ...h,
      scenario: { ...h.scenario, target: { kind: 'redis', host: '127.0.0.1', port: 6379, password: PASSWORD } as never },
    }));
    expect(text.length).toBeGreaterThan(2.5 * MB);
    const r = await post(port, { name: 'long-run.ndjson', headers: page, body: text });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    const item = JSON.parse(r.body) as RunListItem;
    expect(item.status).toBe('done');
    expect(item.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stored()).toEqual([item.file]);
    const copy = readFileSync(join(fx.runsDir, item.file), 'utf8');
    expect(copy).not.toContain(PASSWORD);
    expect(copy).not.toContain('not-a-uuid');
    const bridge = await BridgeClient.connect(server.url, { cookie: page.Cookie });
    try {
      const listed = await bridge.request('listRuns');
      expect((listed.result as RunListItem[]).map((x) => x.file)).toEqual([item.file]);
    } finally {
      bridge.close();
    }
  });

  it('imports a 50 MB run file, by Bearer as a script would', async () => {
    const id = 'eeee0000-0000-4000-8000-000000000050';
    const text = runFileOfSize(id, 50 * MB);
    const r = await post(port, {
      name: 'hour.ndjson',
      headers: { Authorization: `Bearer ${server.secret}`, Origin: page.Origin },
      body: text,
    });
    expect(r.status).toBe(200);
    const item = JSON.parse(r.body) as RunListItem;
    expect(item.id).toBe(id);
    expect(stored()).toContain(item.file);
  });

  it('a file that is not a run, or one already here: refused with the library’s reason, nothing written', async () => {
    const before = stored();
    const junk = await post(port, { name: 'junk.ndjson', headers: page, body: 'not a run\n' });
    expect(junk.status).toBe(422);
    expect(junk.body).toMatch(/junk\.ndjson/);
    const again = await post(port, {
      name: 'again.ndjson',
      headers: page,
      body: runFileOfSize('eeee0000-0000-4000-8000-000000000050', MB),
    });
    expect(again.status).toBe(422);
    expect(again.body).toMatch(/already in the library/);
    const noName = await post(port, { headers: page, body: runFileOfSize('ffff0000-0000-4000-8000-00000000000f', MB) });
    expect(noName.status).toBe(422);
    expect(noName.body).toMatch(/importRun: name/);
    expect(stored()).toEqual(before);
  });

  it('refuses without the secret (401) and from another origin or none (403), as the socket does; nothing imported', async () => {
    const before = stored();
    const body = runFileOfSize('aaaa0000-0000-4000-8000-00000000000a', MB);
    const origin = { Origin: page.Origin };
    for (const headers of [
      origin,
      { ...origin, Authorization: `Bearer ${WRONG_SECRET}` },
      { ...origin, Cookie: `kvscope-${port}=${WRONG_SECRET}` },
    ]) {
      const r = await post(port, { name: 'x.ndjson', headers, body });
      expect(r.status).toBe(401);
      expect(r.headers['www-authenticate']).toMatch(/^Bearer /);
    }
    // The ?token= of a page is traded for a cookie, never taken as a credential for an upload.
    const tokenOnly = await raw(port, `${IMPORT_RUN_PATH}?token=${server.secret}`, { method: 'POST', headers: origin });
    expect(tokenOnly.status).toBe(401);
    const others: Record<string, string>[] = [
      { Origin: 'http://evil.example' },
      { Origin: `http://127.0.0.1:${port + 1}` },
      // DNS rebinding: a hostile name resolving to 127.0.0.1, same port.
      { Origin: `http://rebind.example:${port}` },
      {},
    ];
    for (const other of others) {
      const r = await post(port, { name: 'x.ndjson', headers: { Cookie: page.Cookie, ...other }, body });
      expect(r.status).toBe(403);
    }
    expect(logs.some((l) => l.includes('refused an import from origin "http://evil.example"'))).toBe(true);
    const rebound = await post(port, { name: 'x.ndjson', headers: { ...page, Host: `evil.example:${port}` }, body });
    expect(rebound.status).toBe(421);
    expect(stored()).toEqual(before);
  });

  it('takes POST on the import path only, and only POST there', async () => {
    const auth = { Authorization: `Bearer ${server.secret}` };
    const get = await raw(port, IMPORT_RUN_PATH, { headers: auth });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    const elsewhere = await raw(port, '/index.html', { method: 'POST', headers: { ...auth, Origin: page.Origin } });
    expect(elsewhere.status).toBe(405);
    expect(elsewhere.headers.allow).toBe('GET, HEAD');
  });

  it('cuts a client that goes on sending after the 413, and drops an upload broken off halfway', async () => {
    const before = stored();
    const sock = connect(port, '127.0.0.1');
    const head = [`POST ${IMPORT_RUN_PATH}?${IMPORT_NAME_PARAM}=huge.ndjson HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Cookie: ${page.Cookie}`];
    sock.write([...head, `Origin: ${page.Origin}`, `Content-Length: ${MAX_IMPORT_CHARS + 1}`, '', ''].join('\r\n'));
    let answer = '';
    sock.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    // Slow enough that the whole declared body would take far longer than the server lingers.
    const chunk = Buffer.alloc(PUMP_CHUNK_BYTES, 'x');
    const chunks = MAX_IMPORT_CHARS / PUMP_CHUNK_BYTES;
    let sent = 0;
    const pump = setInterval(() => {
      if (sock.destroyed) return;
      if (sent === chunks) return void sock.end();
      sock.write(chunk);
      sent++;
    }, PUMP_EVERY_MS);
    await new Promise((r) => sock.on('close', r).on('error', r));
    clearInterval(pump);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    // Cut by the server, not finished by the client.
    expect(sent).toBeLessThan(chunks);
    // Half a file, then the client goes: nothing is imported, the server says why in its log.
    const half = connect(port, '127.0.0.1');
    const halfHead = [...head, `Origin: ${page.Origin}`, `Content-Length: ${2 * MB}`, '', ''].join('\r\n');
    half.write(halfHead + 'x'.repeat(MB), () => half.destroy());
    await expect.poll(() => logs.some((l) => l.includes('broke off'))).toBe(true);
    expect(stored()).toEqual(before);
    expect((await raw(port, '/', { headers: { Cookie: page.Cookie } })).status).toBe(200);
  });

  it('answers 413 past the Bridge’s own import limit, declared or streamed, and goes on serving', async () => {
    const before = stored();
    const declared = await post(port, {
      name: 'huge.ndjson',
      headers: page,
      claim: MAX_IMPORT_CHARS + 1,
      stream: { chunk: Buffer.alloc(64 * 1024, 'x'), count: 1 },
    });
    expect(declared.status).toBe(413);
    expect(declared.body).toMatch(/at most 200 MiB/);
    // No length given: the body is counted as it comes and cut off once past the limit.
    const streamed = await post(port, {
      name: 'huge.ndjson',
      headers: page,
      stream: { chunk: Buffer.alloc(MB, 'x'), count: MAX_IMPORT_CHARS / MB + 8 },
    });
    expect(streamed.status).toBe(413);
    expect(stored()).toEqual(before);
    expect(logs.some((l) => l.includes('refused an import over 200 MiB'))).toBe(true);
    expect((await raw(port, '/', { headers: { Cookie: page.Cookie } })).status).toBe(200);
    const small = await post(port, {
      name: 'after.ndjson',
      headers: page,
      body: runFileOfSize('bbbb0000-0000-4000-8000-00000000000b', MB),
    });
    expect(small.status).toBe(200);
    const bridge = await BridgeClient.connect(server.url, { cookie: page.Cookie });
    try {
      expect((await bridge.request('getState')).ok).toBe(true);
    } finally {
      bridge.close();
    }
  });
});
