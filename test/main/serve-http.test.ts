import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunController } from '../../main/engine/run-controller';
import { CONTENT_SECURITY_POLICY } from '../../main/serve/security-headers';
import { startDashboardServer, type DashboardServer } from '../../main/serve/server';
import { INDEX_MARK, makeFixture, SECRET_MARK } from './fixtures';
import { raw, type Raw } from './http-request';

/** This server's secret; what is refused without it is serve-auth.test.ts's part. */
let secret = '';

/** A request signed in as a script is (Bearer), the path sent exactly as given. */
function get(port: number, path: string, method = 'GET'): Promise<Raw> {
  return raw(port, path, { method, headers: { Authorization: `Bearer ${secret}` } });
}

describe('kvscope serve: static files', () => {
  const fx = makeFixture();
  let server: DashboardServer;
  beforeAll(async () => {
    const controller = new RunController(fx.runsDir);
    server = await startDashboardServer({ host: '127.0.0.1', port: 0, rendererDir: fx.rendererDir, controller, log: () => {} });
    secret = server.secret;
  });
  afterAll(async () => {
    await server?.close();
    fx.remove();
  });

  it('binds loopback on the port it was given (0: a free one) and reports the URL', () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    expect(server.tokenUrl).toBe(`${server.url}?token=${server.secret}`);
  });

  it('answers / with index.html, the CSP and nosniff', async () => {
    const r = await get(server.port, '/');
    expect(r.status).toBe(200);
    expect(r.body).toContain(INDEX_MARK);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(r.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(r.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves assets with their content types', async () => {
    const js = await get(server.port, '/assets/app.js?v=1');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const css = await get(server.port, '/assets/app.css');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const head = await get(server.port, '/assets/app.js', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('404s a missing file and a directory, with the security headers still on', async () => {
    const missing = await get(server.port, '/nope.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect((await get(server.port, '/assets')).status).toBe(404);
  });

  it('refuses methods other than GET and HEAD', async () => {
    const r = await get(server.port, '/', 'POST');
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('GET, HEAD');
  });

  for (const path of [
    '/../package.json',
    '/assets/../../package.json',
    '/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/%2e%2e%2fpackage.json',
    '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    '/..%5cpackage.json',
    '/%252e%252e/package.json',
    '/..%00/package.json',
    '/%E0%A4%A',
  ]) {
    it(`refuses traversal: ${path}`, async () => {
      const r = await get(server.port, path);
      expect([400, 403, 404]).toContain(r.status);
      expect(r.body).not.toContain(SECRET_MARK);
    });
  }

  it('refuses a symlink inside the build that points outside it', async () => {
    const r = await get(server.port, '/assets/link.json');
    expect(r.status).toBe(403);
    expect(r.body).not.toContain(SECRET_MARK);
  });

  it('does not crash on traversal attempts: the next request is served', async () => {
    expect((await get(server.port, '/index.html')).status).toBe(200);
  });
});
