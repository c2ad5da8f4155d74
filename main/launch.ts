import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { join } from 'node:path';
import { serveCommand } from './cli/serve-command';
import { electronAvailability } from './electron/availability';
import { packageRoot } from './engine/entries';
import { NO_MEMORY_REDUCER } from './engine/memory-reducer';
import { defaultRunsDir } from './library/paths';
import { printError, printLine } from './cli/terminal';
import { DEFAULT_HOST, DEFAULT_PORT, defaultRendererDir } from './serve/defaults';
import { errorMessage } from '../app/error-message';
import { EXIT_FAILED } from './exit-codes';

/**
 * What `npm start` runs after a build: the desktop window when Electron's
 * binary is here and there is a display, else the same dashboard in the
 * browser (`kvscope serve`), saying why.
 */
const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** How often the launcher looks whether the process that started it is still there. */
const PARENT_CHECK_MS = 1000;

/**
 * npm runs the start script in a shell: a SIGTERM sent to npm's pid alone (a
 * process manager's stop) ends npm and that shell, and reaches no further
 * (npm passes it to the shell, the shell does not pass it on). Left behind,
 * the launcher would keep the dashboard, and any benchmark it runs, alive with
 * nobody to stop it. Once its parent is gone it stops itself as that SIGTERM
 * would have: in order.
 */
function stopWhenOrphaned(): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    printLine(`kvscope: the process that started it (pid ${parent}) is gone; stopping`);
    process.kill(process.pid, 'SIGTERM');
  }, PARENT_CHECK_MS);
  // Never the reason the launcher stays up.
  timer.unref();
}

function launchElectron(binary: string, root: string): void {
  const env = { ...process.env };
  // Inherited from a parent that ran Electron as Node, it would make this one a Node too.
  delete env.ELECTRON_RUN_AS_NODE;
  // Its own process group, so a terminal's Ctrl-C reaches it once, through us,
  // not twice (a second signal means "exit at once" to the app).
  const child = spawn(
    binary,
    [`--js-flags=${NO_MEMORY_REDUCER}`, join(root, 'dist', 'main', 'electron', 'main.js'), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env,
      detached: true,
    },
  );
  for (const sig of FORWARDED_SIGNALS) process.on(sig, () => child.kill(sig));
  child.on('error', (err) => {
    printError(`kvscope: cannot start Electron: ${err.message}`);
    process.exit(EXIT_FAILED);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : EXIT_FAILED)));
}

function launchBrowserTwin(reason: string): void {
  printLine(`${reason}; serving the dashboard in your browser instead`);
  serveCommand({
    host: DEFAULT_HOST,
    port: DEFAULT_PORT,
    anyPortIfTaken: true,
    // Its address carries the secret; opening it spares copying it (skipped in CI, tests, without a display).
    openBrowser: true,
    runsDir: defaultRunsDir(),
    rendererDir: defaultRendererDir(),
  }).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      printError(`kvscope: ${errorMessage(err)}`);
      process.exitCode = EXIT_FAILED;
    },
  );
}

stopWhenOrphaned();
const root = packageRoot();
const electron = electronAvailability(root);
if (electron.ok) launchElectron(electron.binary, root);
else launchBrowserTwin(electron.reason);
