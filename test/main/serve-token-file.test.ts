import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, startCli, type CliProcess } from '../helpers/cli';
import { INDEX_MARK, makeFixture } from './fixtures';
import { openDashboard } from './http-request';

const URL_LINE = /kvscope dashboard: (http:\/\/127\.0\.0\.1:\d+\/\?token=([A-Za-z0-9_-]+))\n/;
const START_TIMEOUT_MS = 15_000;
/** A valid secret the test chooses: 24 base64url characters, 144 bits. */
const CHOSEN_SECRET = 'Chosen_by-the-test-12345';
const EXIT_USAGE = 2;

describe('kvscope serve --token-file', () => {
  const fx = makeFixture();
  const serveArgs = (file: string): string[] => [
    'serve',
    '--port',
    '0',
    '--renderer-dir',
    fx.rendererDir,
    '--runs-dir',
    fx.runsDir,
    '--token-file',
    file,
  ];
  const started: CliProcess[] = [];
  afterAll(async () => {
    for (const cli of started)
      if (cli.proc.exitCode === null && cli.proc.signalCode === null) process.kill(-(cli.proc.pid ?? 0), 'SIGKILL');
    fx.remove();
  });

  /** Serve with `file`, return the printed address and its token, then stop it. */
  async function serveOnce(file: string): Promise<{ url: string; token: string; output: string }> {
    const cli = startCli(serveArgs(file));
    started.push(cli);
    await cli.waitFor(URL_LINE, START_TIMEOUT_MS);
    const [, url = '', token = ''] = URL_LINE.exec(cli.output()) ?? [];
    const index = await openDashboard(url);
    expect(index).toContain(INDEX_MARK);
    cli.proc.kill('SIGTERM');
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    return { url, token, output: cli.output() };
  }

  it('missing: a new secret is written with mode 0600 and printed in the address; the next start reuses it', async () => {
    const file = join(fx.root, 'new-token');
    const first = await serveOnce(file);
    expect(first.output).toContain(`wrote a new secret to ${file} (mode 0600)`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.token);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await serveOnce(file);
    expect(second.token).toBe(first.token);
    expect(second.output).toContain(`secret read from ${file}`);
  });

  it('present: its trimmed content is the secret', async () => {
    const file = join(fx.root, 'chosen-token');
    writeFileSync(file, `  ${CHOSEN_SECRET}\n`);
    chmodSync(file, 0o600);
    expect((await serveOnce(file)).token).toBe(CHOSEN_SECRET);
  });

  for (const [what, content, mode, message] of [
    ['too short', 'only-21-characters-xx', 0o600, /its secret is too short: 21 characters carry 126 bits, at least 128/],
    ['hex too short', 'abcdef0123456789abcdef0123', 0o600, /too short: 26 characters carry 104 bits/],
    ['not base64url or hex', 'has spaces and + / = signs in it......', 0o600, /must be base64url or hex characters only/],
    ['readable by others', CHOSEN_SECRET, 0o644, /group or others have access to it \(mode 644\); chmod 600 it/],
    ['readable by the group', CHOSEN_SECRET, 0o640, /group or others have access to it \(mode 640\)/],
  ] as const) {
    it(`refused when ${what}: exit 2 naming --token-file, nothing served`, () => {
      const file = join(fx.root, `bad-${what.replace(/ /g, '-')}`);
      writeFileSync(file, content + '\n');
      // chmod, not a create mode: the umask would change that.
      chmodSync(file, mode);
      const r = spawnSync(process.execPath, [CLI, ...serveArgs(file)], { encoding: 'utf8' });
      expect(r.status).toBe(EXIT_USAGE);
      expect(r.stderr).toContain(`kvscope: --token-file ${file}`);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).not.toContain('kvscope dashboard:');
    });
  }

  it('an unwritable place: exit 2 with the reason', () => {
    const file = join(fx.root, 'no-such-dir', 'token');
    const r = spawnSync(process.execPath, [CLI, ...serveArgs(file)], { encoding: 'utf8' });
    expect(r.status).toBe(EXIT_USAGE);
    expect(r.stderr).toMatch(/--token-file .*no-such-dir\/token: cannot create it: ENOENT/);
  });
});
