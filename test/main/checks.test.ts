import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_INDEX_URL, isAllowedRequest, isAppUrl } from '../../main/electron/app-url';
import { electronAvailability } from '../../main/electron/availability';
import { unpackedPath } from '../../main/engine/entries';
import { allowedHostNames, isOwnOrigin, urlHost } from '../../main/serve/origins';

describe('app URLs', () => {
  it('recognises only the app origin', () => {
    expect(isAppUrl(APP_INDEX_URL)).toBe(true);
    expect(isAppUrl('kvscope://app/assets/x.js?v=1#h')).toBe(true);
    expect(isAppUrl('kvscope://application/index.html')).toBe(false);
    expect(isAppUrl('kvscope://user:pw@app/index.html')).toBe(false);
    expect(isAppUrl('https://app/index.html')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
    expect(isAllowedRequest('https://example.com/')).toBe(false);
    expect(isAllowedRequest('file:///etc/passwd')).toBe(false);
    // What the page builds itself (the PNG export's chart images, saved files) never leaves the machine.
    expect(isAllowedRequest('data:image/png;base64,AAAA')).toBe(true);
  });
});

describe('WebSocket origins', () => {
  const PORT = 7317;
  it('loopback binding: its own origin by loopback names only', () => {
    const hosts = allowedHostNames('127.0.0.1');
    expect(isOwnOrigin(`http://127.0.0.1:${PORT}`, hosts, PORT)).toBe(true);
    expect(isOwnOrigin(`http://localhost:${PORT}`, hosts, PORT)).toBe(true);
    expect(isOwnOrigin(`http://[::1]:${PORT}`, hosts, PORT)).toBe(true);
    expect(isOwnOrigin(`http://127.0.0.1:${PORT + 1}`, hosts, PORT)).toBe(false);
    expect(isOwnOrigin(`https://127.0.0.1:${PORT}`, hosts, PORT)).toBe(false);
    expect(isOwnOrigin(`http://attacker.example:${PORT}`, hosts, PORT)).toBe(false);
    expect(isOwnOrigin('null', hosts, PORT)).toBe(false);
    expect(isOwnOrigin(undefined, hosts, PORT)).toBe(false);
  });

  it('port 80: the browser leaves the port out of the Origin', () => {
    expect(isOwnOrigin('http://localhost', allowedHostNames('127.0.0.1'), 80)).toBe(true);
  });

  it('every-interface binding: this machine’s addresses, still not other names', () => {
    const hosts = allowedHostNames('0.0.0.0');
    expect(hosts.has('127.0.0.1')).toBe(true);
    expect(isOwnOrigin(`http://rebound.example:${PORT}`, hosts, PORT)).toBe(false);
    expect(urlHost('0.0.0.0')).toBe('127.0.0.1');
    expect(urlHost('::1')).toBe('[::1]');
  });
});

describe('Electron availability (without requiring electron)', () => {
  const root = mkdtempSync(join(tmpdir(), 'kvscope-electron-'));
  const pkg = join(root, 'node_modules', 'electron');
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const display = { DISPLAY: ':0' };

  it('says why when the package, path.txt or the binary is missing, or there is no display', () => {
    expect(electronAvailability(root, display, 'linux')).toEqual({
      ok: false,
      reason: 'Electron binary not installed: the electron package is missing',
    });
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'package.json'), '{}');
    expect(electronAvailability(root, display, 'linux')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('path.txt is missing'),
    });
    writeFileSync(join(pkg, 'path.txt'), 'electron');
    expect(electronAvailability(root, display, 'linux')).toMatchObject({
      ok: false,
      reason: expect.stringContaining(`dist${sep}electron is missing`),
    });
    mkdirSync(join(pkg, 'dist'));
    writeFileSync(join(pkg, 'dist', 'electron'), '');
    expect(electronAvailability(root, display, 'linux')).toEqual({ ok: true, binary: join(pkg, 'dist', 'electron') });
    expect(electronAvailability(root, {}, 'linux')).toMatchObject({ ok: false, reason: expect.stringContaining('no display') });
    expect(electronAvailability(root, {}, 'darwin')).toMatchObject({ ok: true });
  });
});

describe('packaged entry paths', () => {
  it('maps a path inside app.asar to app.asar.unpacked, and leaves others alone', () => {
    const inAsar = join(sep, 'opt', 'kvscope', 'resources', 'app.asar', 'dist', 'workers', 'load', 'worker.js');
    expect(unpackedPath(inAsar)).toBe(
      join(sep, 'opt', 'kvscope', 'resources', 'app.asar.unpacked', 'dist', 'workers', 'load', 'worker.js'),
    );
    const plain = join(sep, 'work', 'dist', 'workers', 'load', 'worker.js');
    expect(unpackedPath(plain)).toBe(plain);
    const lookalike = join(sep, 'x', 'app.asar.d', 'worker.js');
    expect(unpackedPath(lookalike)).toBe(lookalike);
  });
});
