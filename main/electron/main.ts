import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, session } from 'electron';
import { packageRoot } from '../engine/entries';
import { defaultRunsDir } from '../library/paths';
import { keepHostAlive } from '../process-guard';
import { RunController } from '../engine/run-controller';
import { assertRendererBuilt, defaultRendererDir } from '../serve/defaults';
import { registerAppScheme, serveAppProtocol } from './app-protocol';
import { APP_INDEX_URL } from './app-url';
import { hardenSession, hardenWebContents } from './hardening';
import { registerBridgeIpc } from './ipc';
import { quitInOrder } from './quit';
import { devToolsAllowed, windowOptions } from './window-options';
import { errorMessage } from '../../app/error-message';
import { EXIT_FAILED } from '../exit-codes';
import { attachAgents, natsOfConfig } from '../nats/attach-agents';

/**
 * The Electron app: one window showing the renderer from kvscope://app/, one
 * RunController behind the IPC Bridge. Runs are kept in the same folder as the
 * CLI's, so `kvscope run` and the window share one library.
 */
const log = (line: string): void => void process.stderr.write(`kvscope: ${line}\n`);

const root = packageRoot();
const preload = join(root, 'dist', 'preload', 'preload.js');
const icon = join(root, 'assets', 'icon.png');

app.setName('kvscope');
// Every renderer sandboxed, whatever a window's options say.
app.enableSandbox();
registerAppScheme();
hardenWebContents(app, log);

// One app, one controller: a second instance would start competing runs.
if (!app.requestSingleInstanceLock()) {
  app.exit(0);
} else {
  const controller = new RunController(defaultRunsDir());
  // config.json's "nats": the window lists the agents and places runs on them.
  void attachAgents(controller, natsOfConfig(log), log);
  // A run's error (its file on a full disk, a failing listener) never closes the window.
  keepHostAlive(log);
  let window: BrowserWindow | undefined;
  quitInOrder(app, () => controller.shutdown(), log);
  app.on('second-instance', () => {
    if (window && !window.isDestroyed()) window.focus();
  });
  // The window is the app: with it closed a run would go on unseen.
  app.on('window-all-closed', () => app.quit());
  app
    .whenReady()
    .then(() => {
      const rendererDir = defaultRendererDir();
      assertRendererBuilt(rendererDir);
      if (!existsSync(preload)) throw new Error(`${preload} is missing: build the preload first (npm run build)`);
      hardenSession(session.defaultSession, log);
      serveAppProtocol(rendererDir, log);
      const devTools = devToolsAllowed({ packaged: app.isPackaged, argv: process.argv, env: process.env });
      window = new BrowserWindow(windowOptions({ preload, icon: existsSync(icon) ? icon : undefined, devTools }));
      const contents = window.webContents;
      const dispose = registerBridgeIpc(contents, controller, log);
      window.on('closed', dispose);
      window.once('ready-to-show', () => window?.show());
      return window.loadURL(APP_INDEX_URL);
    })
    .catch(fail);
}

function fail(err: unknown): void {
  const message = errorMessage(err);
  log(message);
  dialog.showErrorBox('kvscope could not start', message);
  app.exit(EXIT_FAILED);
}
