import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunController } from '../../main/engine/run-controller';
import { CONTENT_SECURITY_POLICY } from '../../main/serve/security-headers';
import { startDashboardServer, type DashboardServer } from '../../main/serve/server';
import { BridgeClient } from './bridge-client';
import { INDEX_MARK, makeFixture } from './fixtures';
import { raw, signIn } from './http-request';

/** Same length and alphabet as a real secret, so only its value is wrong. */
const WRONG_SECRET = 'A'.repeat(43);

describe('kvscope serve: the secret guards every page and socket', () => {
  const fx = makeFixture();
  const logs: string[] = [];
  let server: DashboardServer;
  let port: number;
  beforeAll(async () => {
    const controller = new RunController(fx.runsDir);
    server = await startDashboardServer({ host: '127.0.0.1', port: 0, rendererDir: fx.rendererDir, controller, log: (l) => logs.push(l) });
    port = server.port;
  });
  afterAll(async () => {
    await server?.close();
    fx.remove();
  });

  it('makes a new 256-bit base64url secret per server and prints it in the address', async () => {
    expect(server.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(server.tokenUrl).toBe(`http://127.0.0.1:${port}/?token=${server.secret}`);
    const other = await startDashboardServer({
      host: '127.0.0.1',
      port: 0,
      rendererDir: fx.rendererDir,
      controller: new RunController(fx.runsDir),
      log: () => {},
    });
    try {
      expect(other.secret).not.toBe(server.secret);
    } finally {
      await other.close();
    }
  });

  describe('pages', () => {
    it('without the secret: a script-free 401 page instead of the app, with the security headers, and a log line', async () => {
      for (const path of ['/', '/index.html', '/runs']) {
        const r = await raw(port, path);
        expect(r.status).toBe(401);
        expect(r.body).not.toContain(INDEX_MARK);
        expect(r.body).toContain('kvscope needs the address it printed');
        expect(r.body).not.toMatch(/<script/i);
        expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
        expect(r.headers['x-frame-options']).toBe('DENY');
        expect(r.headers['www-authenticate']).toMatch(/^Bearer /);
        expect(r.headers['set-cookie']).toBeUndefined();
      }
      expect(logs.some((l) => l.includes('refused GET "/index.html"') && l.includes('no valid secret'))).toBe(true);
    });

    it('the built assets stay public (the 401 page needs none, and they hold only code)', async () => {
      expect((await raw(port, '/assets/app.js')).status).toBe(200);
    });

    it('a wrong token or Bearer: 401, no cookie, no app', async () => {
      const wrongToken = await raw(port, `/?token=${WRONG_SECRET}`);
      expect(wrongToken.status).toBe(401);
      expect(wrongToken.headers['set-cookie']).toBeUndefined();
      expect(wrongToken.body).not.toContain(INDEX_MARK);
      expect(wrongToken.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      const shortToken = await raw(port, `/?token=${server.secret.slice(0, -1)}`);
      expect(shortToken.status).toBe(401);
      const wrongBearer = await raw(port, '/', { headers: { Authorization: `Bearer ${WRONG_SECRET}` } });
      expect(wrongBearer.status).toBe(401);
      expect(wrongBearer.body).not.toContain(INDEX_MARK);
    });

    it('the right token: 303 to the same address without it, with an HttpOnly SameSite=Strict Path=/ cookie', async () => {
      const r = await raw(port, `/?token=${server.secret}`);
      expect(r.status).toBe(303);
      expect(r.headers.location).toBe('/');
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      const setCookie = r.headers['set-cookie'] ?? [];
      expect(setCookie).toHaveLength(1);
      const attributes = (setCookie[0] ?? '').split(';').map((a) => a.trim());
      expect(attributes[0]).toMatch(new RegExp(`^kvscope-${port}=[A-Za-z0-9_-]{43}$`));
      expect(attributes.slice(1).sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict']);
      // The cookie is derived from the secret, never the secret itself.
      expect(setCookie[0]).not.toContain(server.secret);
    });

    it('the redirect keeps the path and other parameters, and never leaves this host', async () => {
      expect((await raw(port, `/runs?a=1&token=${server.secret}&b=2`)).headers.location).toBe('/runs?a=1&b=2');
      expect((await raw(port, `//evil.example/x?token=${server.secret}`)).headers.location).toBe('/evil.example/x');
    });

    it('the cookie from the trade, or the Bearer secret, opens the app; a forged cookie does not', async () => {
      const cookie = await signIn(server.tokenUrl);
      const withCookie = await raw(port, '/', { headers: { Cookie: `other=1; ${cookie}` } });
      expect(withCookie.status).toBe(200);
      expect(withCookie.body).toContain(INDEX_MARK);
      expect(withCookie.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      const withBearer = await raw(port, '/index.html', { headers: { Authorization: `Bearer ${server.secret}` } });
      expect(withBearer.body).toContain(INDEX_MARK);
      const [name] = cookie.split('=');
      expect((await raw(port, '/', { headers: { Cookie: `${name}=${WRONG_SECRET}` } })).status).toBe(401);
      // The secret is not the cookie: knowing the cookie's name is not enough.
      expect((await raw(port, '/', { headers: { Cookie: `${name}=${server.secret}` } })).status).toBe(401);
    });

    it('refuses a rebinding Host header, secret or not, and logs it', async () => {
      const auth = { Authorization: `Bearer ${server.secret}` };
      for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1:${port + 1}`, `localhost.evil.example:${port}`]) {
        const r = await raw(port, '/', { headers: { ...auth, Host: host } });
        expect(r.status).toBe(421);
        expect(r.body).not.toContain(INDEX_MARK);
        expect(r.body).toMatch(/does not answer to host/);
        expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      }
      expect(
        (await raw(port, `/?token=${server.secret}`, { headers: { Host: `evil.example:${port}` } })).headers['set-cookie'],
      ).toBeUndefined();
      expect(logs.some((l) => l.includes(`for host "evil.example:${port}"`))).toBe(true);
      for (const host of [`localhost:${port}`, '127.0.0.1', `[::1]:${port}`, `LOCALHOST:${port}`]) {
        expect((await raw(port, '/', { headers: { ...auth, Host: host } })).status).toBe(200);
      }
    });
  });

  describe('the Bridge socket', () => {
    it('without the secret: refused with 401 even with this server\u2019s own Origin, and logged', async () => {
      await expect(BridgeClient.connect(server.url)).rejects.toThrow('upgrade refused: 401');
      expect(logs.some((l) => l.includes('refused a WebSocket') && l.includes('no valid secret'))).toBe(true);
    });

    it('a wrong secret by any carrier: 401', async () => {
      await expect(BridgeClient.connect(server.url, { bearer: WRONG_SECRET })).rejects.toThrow('upgrade refused: 401');
      await expect(BridgeClient.connect(server.url, { queryToken: WRONG_SECRET })).rejects.toThrow('upgrade refused: 401');
      await expect(BridgeClient.connect(server.url, { cookie: `kvscope-${port}=${WRONG_SECRET}` })).rejects.toThrow('upgrade refused: 401');
    });

    it('the secret by Bearer, by ?token= or the cookie of the trade: getState answers', async () => {
      const cookie = await signIn(server.tokenUrl);
      for (const how of [{ bearer: server.secret }, { queryToken: server.secret }, { cookie }]) {
        const page = await BridgeClient.connect(server.url, how);
        try {
          expect((await page.request('getState')).ok).toBe(true);
        } finally {
          page.close();
        }
      }
    });

    it('a rebinding Host header is refused on the upgrade too, secret or not', async () => {
      await expect(BridgeClient.connect(server.url, { bearer: server.secret, host: `evil.example:${port}` })).rejects.toThrow(
        'upgrade refused: 421',
      );
      await expect(BridgeClient.connect(server.url, { host: `evil.example:${port}` })).rejects.toThrow('upgrade refused: 421');
    });
  });
});
