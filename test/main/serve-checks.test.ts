import { describe, expect, it } from 'vitest';
import { generateSecret, sameSecret, secretProblem, sessionCookie } from '../../main/serve/auth';
import { isOwnHost } from '../../main/serve/host-check';
import { browserOpener } from '../../main/serve/open-browser';
import { allowedHostNames, isOwnOrigin } from '../../main/serve/origins';

const PORT = 7317;

describe('serve checks', () => {
  it('Host header: loopback names with our port or none; nothing else', () => {
    const hosts = allowedHostNames('127.0.0.1');
    for (const ok of ['127.0.0.1:7317', '127.0.0.1', 'localhost:7317', 'LocalHost', '[::1]:7317', '[::1]'])
      expect(isOwnHost(ok, hosts, PORT)).toBe(true);
    for (const bad of [
      undefined,
      '',
      'evil.example:7317',
      'evil.example',
      '127.0.0.1:7318',
      '127.0.0.1:',
      '::1',
      '[::1]x',
      'localhost:7317:1',
      '127.0.0.1.nip.io:7317',
    ]) {
      expect(isOwnHost(bad, hosts, PORT)).toBe(false);
    }
  });

  it('Host header: the --host name counts, other names still do not', () => {
    expect(isOwnHost('loadbox.lan:7317', allowedHostNames('loadbox.lan'), PORT)).toBe(true);
    expect(isOwnHost('evil.example:7317', allowedHostNames('0.0.0.0'), PORT)).toBe(false);
    expect(isOwnHost('127.0.0.1:7317', allowedHostNames('0.0.0.0'), PORT)).toBe(true);
  });

  it('Origin under TLS: https on our port (443 when left out); http no longer', () => {
    const hosts = allowedHostNames('127.0.0.1');
    expect(isOwnOrigin(`https://127.0.0.1:${PORT}`, hosts, PORT, 'https:')).toBe(true);
    expect(isOwnOrigin(`http://127.0.0.1:${PORT}`, hosts, PORT, 'https:')).toBe(false);
    expect(isOwnOrigin('https://localhost', hosts, 443, 'https:')).toBe(true);
  });

  it('secrets: 256 random bits; compared by value whatever the length', () => {
    const s = generateSecret();
    expect(s).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateSecret()).not.toBe(s);
    expect(sameSecret(s, s)).toBe(true);
    expect(sameSecret(s.slice(1), s)).toBe(false);
    expect(sameSecret('', s)).toBe(false);
    expect(secretProblem(s)).toBeUndefined();
    expect(secretProblem('a'.repeat(32))).toBeUndefined();
    expect(secretProblem('a'.repeat(31))).toMatch(/too short: 31 characters carry 124 bits/);
    expect(secretProblem('x'.repeat(21))).toMatch(/too short/);
    expect(secretProblem('x'.repeat(22))).toBeUndefined();
  });

  it('the cookie is derived from the secret and the port, never equal to the secret', () => {
    const s = generateSecret();
    const c = sessionCookie(s, PORT, false);
    expect(c.value).not.toBe(s);
    expect(c.value).toBe(sessionCookie(s, PORT, false).value);
    expect(c.value).not.toBe(sessionCookie(generateSecret(), PORT, false).value);
    expect(c.header).toBe(`kvscope-${PORT}=${c.value}; HttpOnly; SameSite=Strict; Path=/`);
    expect(sessionCookie(s, PORT, true).header).toBe(`__Host-kvscope-${PORT}=${c.value}; HttpOnly; SameSite=Strict; Path=/; Secure`);
  });

  it('opening a browser: only with a display, never in CI or when told not to', () => {
    const display = { DISPLAY: ':0' };
    expect(browserOpener(display, 'linux')).toEqual({ ok: true, command: 'xdg-open' });
    expect(browserOpener({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toEqual({ ok: true, command: 'xdg-open' });
    expect(browserOpener({}, 'darwin')).toEqual({ ok: true, command: 'open' });
    expect(browserOpener({}, 'linux')).toMatchObject({ ok: false, reason: expect.stringMatching(/no display/) });
    expect(browserOpener({ ...display, CI: 'true' }, 'linux')).toMatchObject({ ok: false, reason: 'CI is set' });
    expect(browserOpener({ ...display, CI: 'false' }, 'linux')).toMatchObject({ ok: true });
    expect(browserOpener({ ...display, KVSCOPE_NO_OPEN: '1' }, 'linux')).toMatchObject({ ok: false, reason: 'KVSCOPE_NO_OPEN is set' });
  });
});
