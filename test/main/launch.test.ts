import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_MEMORY_REDUCER } from '../../main/engine/memory-reducer';
import { INDEX_MARK, makeFixture } from './fixtures';
import { openDashboard } from './http-request';
import { descendants } from '../helpers/cli';
import { waitGone } from '../helpers/processes';

const LAUNCH = join(__dirname, '..', '..', 'dist', 'main', 'launch.js');
const URL_LINE = /kvscope dashboard: (http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43})\n/;
const START_TIMEOUT_MS = 15_000;
/** The fake Electron exits this long after its first SIGINT, counting any further ones. */
const FAKE_EXIT_DELAY_MS = 300;
const FAKE_EXIT_BASE = 40;
const POLL_MS = 50;

/**
 * Start `npm start`'s launcher in its own process group, as a terminal would;
 * `underShell`: inside `sh -c`, as npm runs its start script.
 */
function launch(env: NodeJS.ProcessEnv, args: string[] = [], underShell = false) {
  const node = [process.execPath, LAUNCH, ...args];
  const [command, ...argv] = underShell ? ['/bin/sh', '-c', `true && ${node.map((a) => `'${a}'`).join(' ')}`] : node;
  const proc = spawn(command, argv, {
    detached: true,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  proc.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  const exited = new Promise<number | null>((r) => proc.on('exit', (code) => r(code)));
  // Closed once every process that holds the pipe (the launcher too, under a shell) has exited.
  const closed = new Promise<void>((r) => proc.stdout.on('close', () => r()));
  const waitFor = async (re: RegExp): Promise<RegExpExecArray> => {
    const until = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const m = re.exec(out);
      if (m) return m;
      if (Date.now() > until || proc.exitCode !== null) throw new Error(`no ${re} in:\n${out}`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };
  return { proc, exited, closed, waitFor, output: () => out };
}

/** SIGKILL to what is left of a process group (nothing, when the test went well). */
function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

describe('npm start launcher', () => {
  const fx = makeFixture();
  afterAll(() => fx.remove());
  // KVSCOPE_NO_OPEN: a test never opens the user's browser.
  const common = { KVSCOPE_RENDERER_DIR: fx.rendererDir, KVSCOPE_RUNS: fx.runsDir, DISPLAY: ':99', KVSCOPE_NO_OPEN: '1' };

  it('without the Electron binary: says why, serves the dashboard in the browser, prints the URL, stops on Ctrl-C', async () => {
    const noBinary = join(fx.root, 'no-electron');
    mkdirSync(noBinary);
    const l = launch({ ...common, ELECTRON_OVERRIDE_DIST_PATH: noBinary });
    try {
      const [, url] = await l.waitFor(URL_LINE);
      expect(l.output()).toMatch(
        /^Electron binary not installed: .*no-electron\/electron is missing; serving the dashboard in your browser instead\n/,
      );
      expect(await openDashboard(url)).toContain(INDEX_MARK);
      expect(l.output()).toContain('not opening a browser (KVSCOPE_NO_OPEN is set): open the address above');
      process.kill(-(l.proc.pid ?? 0), 'SIGINT');
      expect(await l.exited).toBe(0);
    } finally {
      if (l.proc.exitCode === null) process.kill(-(l.proc.pid ?? 0), 'SIGKILL');
    }
  });

  it('under the shell npm runs it in: stops in order once npm and the shell are gone (a SIGTERM to npm reaches no further)', async () => {
    const noBinary = join(fx.root, 'no-electron-orphan');
    mkdirSync(noBinary);
    const l = launch({ ...common, ELECTRON_OVERRIDE_DIST_PATH: noBinary }, [], true);
    try {
      await l.waitFor(URL_LINE);
      const shell = l.proc.pid ?? 0;
      const [launcher] = descendants(shell);
      expect(launcher).toBeGreaterThan(0);
      // What npm does with a SIGTERM sent to it: passes it to the shell, which dies of it.
      process.kill(shell, 'SIGTERM');
      expect(await l.exited).toBeNull();
      expect(await waitGone([launcher], START_TIMEOUT_MS), `the launcher did not stop:\n${l.output()}`).toEqual([]);
      // Everything it printed is read once the pipe closes.
      await l.closed;
      expect(l.output()).toMatch(new RegExp(`the process that started it \\(pid ${shell}\\) is gone; stopping\nSIGTERM: stopping`));
    } finally {
      killGroup(l.proc.pid ?? 0);
    }
  });

  it('without the Electron binary, with a display and not told otherwise: opens the printed address with xdg-open', async () => {
    const noBinary = join(fx.root, 'no-electron-open');
    const bin = join(fx.root, 'fake-bin');
    mkdirSync(noBinary);
    mkdirSync(bin);
    const opened = join(fx.root, 'opened.json');
    // A stand-in for xdg-open that only records what it was asked to open.
    writeFileSync(
      join(bin, 'xdg-open'),
      `#!${process.execPath}\nrequire('node:fs').writeFileSync(${JSON.stringify(opened)}, JSON.stringify(process.argv.slice(2)));\n`,
    );
    chmodSync(join(bin, 'xdg-open'), 0o755);
    const env = {
      ...common,
      ELECTRON_OVERRIDE_DIST_PATH: noBinary,
      KVSCOPE_NO_OPEN: '',
      CI: '',
      PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
    };
    const l = launch(env);
    try {
      const [, url] = await l.waitFor(URL_LINE);
      await l.waitFor(/opening it in your browser \(xdg-open\)\n/);
      const until = Date.now() + START_TIMEOUT_MS;
      while (!existsSync(opened) && Date.now() < until) await new Promise((r) => setTimeout(r, POLL_MS));
      expect(JSON.parse(readFileSync(opened, 'utf8'))).toEqual([url]);
      process.kill(-(l.proc.pid ?? 0), 'SIGINT');
      expect(await l.exited).toBe(0);
    } finally {
      if (l.proc.exitCode === null) process.kill(-(l.proc.pid ?? 0), 'SIGKILL');
    }
  });

  it('with the binary: runs the app entry on it, forwards Ctrl-C exactly once, exits with its code', async () => {
    const dist = join(fx.root, 'fake-electron');
    mkdirSync(dist);
    const fake = join(dist, 'electron');
    writeFileSync(
      fake,
      // The handler goes in before the line the test waits for: a SIGINT sent on
      // seeing the line must never find the fake without it (it would die of it).
      `#!${process.execPath}
let signals = 0;
process.on('SIGINT', () => {
  if (signals++ === 0) setTimeout(() => process.exit(${FAKE_EXIT_BASE} + signals), ${FAKE_EXIT_DELAY_MS});
});
setInterval(() => {}, 1000);
console.log('fake electron ' + JSON.stringify({ args: process.argv.slice(2), runAsNode: process.env.ELECTRON_RUN_AS_NODE ?? null }));
`,
    );
    chmodSync(fake, 0o755);
    const l = launch({ ...common, ELECTRON_OVERRIDE_DIST_PATH: dist, ELECTRON_RUN_AS_NODE: '1' }, ['--flag']);
    try {
      const [, json] = await l.waitFor(/fake electron (.*)\n/);
      const seen = JSON.parse(json) as { args: string[]; runAsNode: string | null };
      // Electron's main process takes V8 flags only from its command line (memory-reducer.ts).
      expect(seen.args).toEqual([
        `--js-flags=${NO_MEMORY_REDUCER}`,
        join(__dirname, '..', '..', 'dist', 'main', 'electron', 'main.js'),
        '--flag',
      ]);
      // Inherited, it would turn Electron into a plain Node.
      expect(seen.runAsNode).toBeNull();
      process.kill(-(l.proc.pid ?? 0), 'SIGINT');
      expect(await l.exited).toBe(FAKE_EXIT_BASE + 1);
    } finally {
      if (l.proc.exitCode === null) process.kill(-(l.proc.pid ?? 0), 'SIGKILL');
    }
  });
});
