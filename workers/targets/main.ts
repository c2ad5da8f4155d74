import { decodeMessage } from '../../app/protocol/envelope';
import { ToTargetSchema, type TargetStart } from '../../app/protocol/target';
import { installCrashHandlers, sendFatalAndExit } from '../crash';
import { errorMessage, logToMain, sendToMain } from './ipc';
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

type State = 'idle' | 'starting' | 'running' | 'stopping';
let state: State = 'idle';
let running: RunningTarget | undefined;
let stopAfterStart = false;

if (!process.send) {
  console.error('kvscope target: start me with child_process.fork (an IPC channel is required)');
  process.exit(1);
}

// The terminal sends Ctrl-C to the whole process group; main hears it too
// and orchestrates the stop, so this process waits for main's 'stop'.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => void stop());
// Main is gone (crashed or killed): nobody will ever send 'stop'.
process.on('disconnect', () => {
  running?.kill();
  process.exit(0);
});
installCrashHandlers('target', () => running?.kill());
process.on('message', onMessage);

function onMessage(raw: unknown): void {
  const d = decodeMessage(ToTargetSchema, raw);
  if (!d.ok) return logToMain('warn', `target ignored a message: ${d.reason}`);
  const m = d.msg;
  switch (m.type) {
    case 'start':
      void start(m.data);
      return;
    case 'poll':
      return; // built-in servers report every second on their own
    case 'stop':
      void stop();
      return;
    default: {
      const unknown: never = m;
      logToMain('warn', `target ignored a message of unknown type ${(unknown as { type: string }).type}`);
    }
  }
}

async function start(data: TargetStart): Promise<void> {
  if (state !== 'idle') return logToMain('warn', `target ignored 'start': it is already ${state}`);
  state = 'starting';
  try {
    running = await startTarget(data.target, data.workDir);
  } catch (err) {
    return fatal(`cannot start target: ${errorMessage(err)}`);
  }
  state = 'running';
  if (stopAfterStart) return stop();
  sendToMain({ type: 'ready', data: { host: running.host, port: running.port, pids: running.pids } });
}

async function stop(): Promise<void> {
  if (state === 'starting') {
    stopAfterStart = true;
    return;
  }
  if (state === 'stopping') return;
  state = 'stopping';
  const timer = setTimeout(() => {
    running?.kill();
    process.exit(0);
  }, STOP_TIMEOUT_MS);
  timer.unref();
  try {
    await running?.stop();
  } catch (err) {
    logToMain('error', `target stop failed: ${errorMessage(err)}`);
    running?.kill();
  }
  process.exit(0);
}

function fatal(message: string): void {
  sendFatalAndExit(message, 1, () => running?.kill());
}
