import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exposureWarnings } from '../../main/serve/exposure';
import { CLI, startCli, type CliProcess } from '../helpers/cli';
import { BridgeClient } from './bridge-client';
import { INDEX_MARK, makeFixture } from './fixtures';
import { raw, signIn } from './http-request';

/** Debian's openssl (CI installs it): makes the test's self-signed certificate. */
const OPENSSL = '/usr/bin/openssl';
const URL_LINE = /kvscope dashboard: (https?:\/\/127\.0\.0\.\d:(\d+)\/)\?token=([A-Za-z0-9_-]{43})\n/;
const START_TIMEOUT_MS = 15_000;
const EXIT_USAGE = 2;
const CLEAR_TEXT_WARNING = 'warning: this is plain HTTP: the traffic, token and cookie included, is clear text on the network';

describe('kvscope serve --tls-cert --tls-key', () => {
  const fx = makeFixture();
  const certFile = join(fx.root, 'cert.pem');
  const keyFile = join(fx.root, 'key.pem');
  const base = ['serve', '--port', '0', '--renderer-dir', fx.rendererDir, '--runs-dir', fx.runsDir];
  const started: CliProcess[] = [];
  let ca: Buffer;
  let cli: CliProcess;
  let url: string;
  let port: number;
  let secret: string;

  /** Start serve with `args`; returns the printed address parts once it listens. */
  async function serve(args: string[]): Promise<{ cli: CliProcess; url: string; port: number; secret: string }> {
    const c = startCli([...base, ...args]);
    started.push(c);
    // The last line of start-up: the address and any warnings are all out by then.
    await c.waitFor(/Ctrl-C stops the server/, START_TIMEOUT_MS);
    const [, u = '', p = '', s = ''] = URL_LINE.exec(c.output()) ?? [];
    return { cli: c, url: u, port: Number(p), secret: s };
  }

  beforeAll(async () => {
    // The brief's one-liner, plus the address as a SAN so the test can verify the certificate, not switch checks off.
    execFileSync(
      OPENSSL,
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-days',
        '1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
    ca = readFileSync(certFile);
    ({ cli, url, port, secret } = await serve(['--tls-cert', certFile, '--tls-key', keyFile]));
  });
  afterAll(async () => {
    for (const c of started) {
      if (c.proc.exitCode !== null || c.proc.signalCode !== null) continue;
      c.proc.kill('SIGTERM');
      await c.exited;
    }
    fx.remove();
  });

  it('prints an https address with the token; loopback, so no warning', () => {
    expect(url).toBe(`https://127.0.0.1:${port}/`);
    expect(cli.output()).not.toContain('warning:');
  });

  it('trades the token for a Secure __Host- cookie over HTTPS; without the secret, 401', async () => {
    const r = await raw(port, `/?token=${secret}`, { ca });
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe('/');
    const attributes = (r.headers['set-cookie']?.[0] ?? '').split(';').map((a) => a.trim());
    expect(attributes[0]).toMatch(new RegExp(`^__Host-kvscope-${port}=`));
    expect(attributes.slice(1).sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Strict', 'Secure']);
    const cookie = await signIn(`${url}?token=${secret}`, ca);
    expect((await raw(port, '/', { ca, headers: { Cookie: cookie } })).body).toContain(INDEX_MARK);
    expect((await raw(port, '/', { ca })).status).toBe(401);
  });

  it('the Bridge is WSS: the secret (Bearer or cookie) with the https Origin is answered; none, 401; an http Origin, 403', async () => {
    const cookie = await signIn(`${url}?token=${secret}`, ca);
    for (const how of [{ bearer: secret }, { cookie }]) {
      const page = await BridgeClient.connect(url, { ...how, ca });
      try {
        expect((await page.request('getState')).ok).toBe(true);
      } finally {
        page.close();
      }
    }
    await expect(BridgeClient.connect(url, { ca })).rejects.toThrow('upgrade refused: 401');
    await expect(BridgeClient.connect(url, { bearer: secret, ca, origin: `http://127.0.0.1:${port}` })).rejects.toThrow(
      'upgrade refused: 403',
    );
  });

  it('off loopback without TLS: warns that the token travels in clear text; with TLS only who can reach it', async () => {
    // 127.0.0.2 is loopback to the kernel, but not one of the names serve treats as local: it stands for a LAN address.
    const plainHttp = await serve(['--host', '127.0.0.2']);
    expect(plainHttp.url).toBe(`http://127.0.0.2:${plainHttp.port}/`);
    expect(plainHttp.cli.output()).toContain(
      'warning: listening on 127.0.0.2: anyone who can reach this port and has the token can start and stop benchmarks',
    );
    expect(plainHttp.cli.output()).toContain(CLEAR_TEXT_WARNING);
    expect((await raw(plainHttp.port, '/', { address: '127.0.0.2' })).status).toBe(401);
    const tls = await serve(['--host', '127.0.0.2', '--tls-cert', certFile, '--tls-key', keyFile]);
    expect(tls.cli.output()).toContain('warning: listening on 127.0.0.2');
    expect(tls.cli.output()).not.toContain(CLEAR_TEXT_WARNING);
    expect(exposureWarnings('0.0.0.0', false)).toEqual([
      expect.stringContaining('listening on 0.0.0.0'),
      expect.stringContaining(CLEAR_TEXT_WARNING),
    ]);
    expect(exposureWarnings('localhost', false)).toEqual([]);
  });

  for (const [args, message] of [
    [['--tls-cert', 'c.pem'], '--tls-cert needs --tls-key'],
    [['--tls-key', 'k.pem'], '--tls-key needs --tls-cert'],
    [['--tls-cert', '/nonexistent/cert.pem', '--tls-key', '/nonexistent/key.pem'], '--tls-cert /nonexistent/cert.pem: ENOENT'],
  ] as const) {
    it(`usage error (exit 2): ${message}`, () => {
      const r = spawnSync(process.execPath, [CLI, ...base, ...args], { encoding: 'utf8' });
      expect(r.status).toBe(EXIT_USAGE);
      expect(r.stderr).toContain(message);
    });
  }

  it('a key that is not the certificate\u2019s: exit 2 naming both flags', () => {
    const r = spawnSync(process.execPath, [CLI, ...base, '--tls-cert', certFile, '--tls-key', certFile], { encoding: 'utf8' });
    expect(r.status).toBe(EXIT_USAGE);
    expect(r.stderr).toMatch(/--tls-cert .* and --tls-key .* are not a usable certificate and key/);
  });
});
