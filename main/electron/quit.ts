import { constants } from 'node:os';
import { errorMessage } from '../../app/error-message';
import { EXIT_FAILED } from '../exit-codes';

/**
 * Longer than a run takes to stop by itself (the workers' stop grace plus the
 * kill wait in main/engine/child.ts), so this only fires when something is wedged.
 */
export const QUIT_DEADLINE_MS = 20_000;

export interface QuitApp {
  on(event: 'before-quit', listener: (e: { preventDefault(): void }) => void): unknown;
  quit(): void;
  exit(code?: number): void;
}

/**
 * Quitting (menu, last window closed, Ctrl-C, SIGTERM) first stops a running
 * benchmark in order, so its run file ends with a summary and no worker is
 * left behind; then the app quits for real. A second signal exits at once
 * (main/engine/child.ts kills the children on exit), as in the terminal.
 */
interface SignalSource {
  on(event: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
}

export function quitInOrder(
  app: QuitApp,
  shutdown: () => Promise<void>,
  log: (line: string) => void,
  signals: SignalSource = process,
): void {
  let state: 'running' | 'stopping' | 'done' = 'running';
  app.on('before-quit', (e) => {
    if (state === 'done') return;
    e.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    const deadline = setTimeout(() => {
      log(`the run did not stop within ${QUIT_DEADLINE_MS} ms; exiting`);
      app.exit(EXIT_FAILED);
    }, QUIT_DEADLINE_MS);
    shutdown()
      .catch((err: unknown) => log(`stopping the run failed: ${errorMessage(err)}`))
      .finally(() => {
        clearTimeout(deadline);
        state = 'done';
        app.quit();
      });
  });
  let signalled = false;
  const onSignal = (sig: NodeJS.Signals): void => {
    if (signalled) {
      log(`${sig}: exiting now`);
      app.exit(128 + (constants.signals[sig] ?? 0));
      return;
    }
    signalled = true;
    log(`${sig}: stopping (again to exit at once)`);
    app.quit();
  };
  signals.on('SIGINT', onSignal);
  signals.on('SIGTERM', onSignal);
}
