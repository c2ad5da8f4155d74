import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUIT_DEADLINE_MS, quitInOrder, type QuitApp } from '../../main/electron/quit';

vi.mock('electron', () => ({}));

/** An app whose quit() emits before-quit and only ends if nobody prevented it, as Electron's does. */
function fakeApp() {
  const emitter = new EventEmitter();
  const app = {
    quitted: 0,
    exitCode: undefined as number | undefined,
    on: (event: 'before-quit', l: (e: { preventDefault(): void }) => void) => emitter.on(event, l),
    quit() {
      let prevented = false;
      emitter.emit('before-quit', { preventDefault: () => (prevented = true) });
      if (!prevented) app.quitted++;
    },
    exit(code?: number) {
      app.exitCode = code;
    },
  };
  return app satisfies QuitApp;
}

describe('quitting in order', () => {
  afterEach(() => vi.useRealTimers());

  it('stops the run first, then quits once', async () => {
    const app = fakeApp();
    let finish: () => void = () => {};
    const shutdown = vi.fn(() => new Promise<void>((r) => (finish = r)));
    quitInOrder(app, shutdown, () => {}, new EventEmitter());
    app.quit();
    app.quit();
    expect(shutdown).toHaveBeenCalledTimes(1);
    expect(app.quitted).toBe(0);
    finish();
    await vi.waitFor(() => expect(app.quitted).toBe(1));
  });

  it('quits even when stopping fails', async () => {
    const app = fakeApp();
    const logs: string[] = [];
    quitInOrder(
      app,
      () => Promise.reject(new Error('boom')),
      (l) => logs.push(l),
      new EventEmitter(),
    );
    app.quit();
    await vi.waitFor(() => expect(app.quitted).toBe(1));
    expect(logs).toContain('stopping the run failed: boom');
  });

  it('exits when the run does not stop within the deadline', () => {
    vi.useFakeTimers();
    const app = fakeApp();
    quitInOrder(
      app,
      () => new Promise<void>(() => {}),
      () => {},
      new EventEmitter(),
    );
    app.quit();
    vi.advanceTimersByTime(QUIT_DEADLINE_MS);
    expect(app.exitCode).toBe(1);
  });

  it('Ctrl-C quits in order; a second Ctrl-C exits at once with 130', () => {
    const app = fakeApp();
    const signals = new EventEmitter();
    const shutdown = vi.fn(() => new Promise<void>(() => {}));
    quitInOrder(app, shutdown, () => {}, signals);
    signals.emit('SIGINT', 'SIGINT');
    expect(shutdown).toHaveBeenCalledTimes(1);
    expect(app.exitCode).toBeUndefined();
    signals.emit('SIGINT', 'SIGINT');
    expect(app.exitCode).toBe(130);
  });
});
