import { ToTargetSchema, type TargetStart } from '../../app/protocol/target';
import { runChild, type StopReason } from '../child-entry';
import { errorMessage } from '../../app/error-message';
import { sendToMain } from './ipc';
import type { RunningTarget } from './running-target';
import { startTarget } from './start-target';

/**
 * Entry of a built-in target, forked by main with an IPC channel. Protocol:
 * main sends 'start', this process answers 'ready' once every server process
 * listens (or 'fatal' and exits 1), reports 'node-stats' every second, and
 * exits 0 after 'stop'. It never outlives main.
 */

/** A stop that hangs (a stuck worker, a wedged close) must not keep the run from ending. */
const STOP_TIMEOUT_MS = 10_000;

let running: RunningTarget | undefined;

const child = runChild({
  name: 'target',
  schema: ToTargetSchema,
  onMessage(m) {
    switch (m.type) {
      case 'start':
        return start(m.data);
      case 'poll':
        return; // built-in servers report every second on their own
      case 'stop':
        return child.stop('message');
      default: {
        const unknown: never = m;
        child.log('warn', `target ignored a message of unknown type ${(unknown as { type: string }).type}`);
      }
    }
  },
  stop,
  // Main gone: no one waits for an orderly stop, so the servers are killed at once.
  stopAfterStart: ['message', 'sigterm'],
  cleanup: () => running?.kill(),
});

function start(data: TargetStart): void {
  child.start(
    async () => {
      try {
        running = await startTarget(data.target, data.workDir);
      } catch (err) {
        throw new Error(`cannot start target: ${errorMessage(err)}`, { cause: err });
      }
    },
    () => running && sendToMain({ type: 'ready', data: { host: running.host, port: running.port, pids: running.pids } }),
  );
}

async function stop(reason: StopReason): Promise<void> {
  if (reason === 'disconnect') return void running?.kill();
  const timer = setTimeout(() => {
    running?.kill();
    process.exit(0);
  }, STOP_TIMEOUT_MS);
  timer.unref();
  try {
    await running?.stop();
  } catch (err) {
    child.log('error', `target stop failed: ${errorMessage(err)}`);
    running?.kill();
  }
}
