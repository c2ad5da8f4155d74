import type { z } from 'zod';
import { decodeMessage, type Envelope } from '../app/protocol/envelope';
import type { LogLine } from '../app/protocol/worker';
import { installCrashHandlers, sendFatalAndExit } from './crash';
import { errorMessage } from '../app/error-message';

/**
 * The life cycle every child entry shares (load worker, built-in target,
 * monitor, local cluster keeper): main forks it with an IPC channel, sends
 * 'start', and ends it with 'stop', SIGTERM, or by going away. Each entry
 * keeps only its own protocol: the switch over its messages and what
 * starting and stopping mean for it.
 */

/** Exit code of a child started without an IPC channel (sysexits' EX_USAGE: it was used wrongly). */
export const NO_IPC_EXIT_CODE = 64;
/** Exit code of a child that could not start (it sent `fatal` first). */
export const START_FAILED_EXIT_CODE = 1;

/**
 * idle -> starting -> running -> stopping -> stopped; any state but stopped
 * may go to stopping (a stop, a failure or a crash), and nothing leaves it.
 */
type ChildState = 'idle' | 'starting' | 'running' | 'stopping' | 'stopped';
/** Main's 'stop', a SIGTERM, main gone (the channel closed), or the child's own work done. */
export type StopReason = 'message' | 'sigterm' | 'disconnect' | 'done';

interface ChildSpec<M extends Envelope> {
  /** As main's logs name the child; also the name the test crash trigger uses. */
  name: string;
  /** Every message from main is validated against it on arrival. */
  schema: z.ZodType<M>;
  /** The child's protocol, for messages that passed `schema`, while it is not stopping. */
  onMessage(m: M): void;
  /** End the child's work for `reason`; the process exits 0 once it settles. Called once. */
  stop(reason: StopReason): unknown;
  /** Stops that wait for a start under way to finish (the rest stop at once). */
  stopAfterStart?: readonly StopReason[];
  /** What a crash or a failed start must not leave behind (servers it started, say). */
  cleanup?(): unknown;
}

interface Child {
  readonly state: ChildState;
  /** Run `begin` once (idle -> starting -> running); `announce` says ready unless a stop came meanwhile. */
  start(begin: () => Promise<void>, announce: () => void): void;
  /** Idempotent: the first stop wins, later ones are ignored. */
  stop(reason: StopReason): void;
  /** Send `fatal` with `message`, clean up, and exit START_FAILED_EXIT_CODE. */
  fatal(message: string): void;
  log(level: LogLine['level'], message: string): void;
}

/** Send one message to main; dropped once main is gone (the disconnect path ends the child). */
export function sendEnvelope(m: Envelope, done?: () => void): void {
  if (!process.send || !process.connected) return void done?.();
  process.send(m, undefined, {}, () => done?.());
}

/** Install the shared life cycle for the child `spec` describes; call once, from its entry. */
export function runChild<M extends Envelope>(spec: ChildSpec<M>): Child {
  if (!process.send) {
    console.error(`kvscope ${spec.name}: start me with child_process.fork (an IPC channel is required)`);
    process.exit(NO_IPC_EXIT_CODE);
  }
  let state: ChildState = 'idle';
  let deferred: StopReason | undefined;
  /** Set by a crash or a failure: its exit code, not a stop's 0, is the child's verdict. */
  let failed = false;

  const log = (level: LogLine['level'], message: string): void => sendEnvelope({ type: 'log', data: { level, message } });
  // A crash or failure is the child's last word: a stop arriving meanwhile must not exit 0 before `fatal` is out.
  const cleanup = (): unknown => {
    failed = true;
    state = 'stopping';
    return spec.cleanup?.();
  };
  installCrashHandlers(spec.name, cleanup);

  const stop = (reason: StopReason): void => {
    if (state === 'stopping' || state === 'stopped') return;
    if (state === 'starting' && spec.stopAfterStart?.includes(reason)) {
      deferred ??= reason;
      return;
    }
    state = 'stopping';
    void Promise.resolve()
      .then(() => spec.stop(reason))
      .catch((err: unknown) => log('error', `${spec.name} stop failed: ${errorMessage(err)}`))
      .then(() => {
        state = 'stopped';
        if (!failed) process.exit(0);
      });
  };

  const fatal = (message: string): void => {
    failed = true;
    state = 'stopping';
    sendFatalAndExit(message, START_FAILED_EXIT_CODE, cleanup);
  };

  const start = (begin: () => Promise<void>, announce: () => void): void => {
    if (state !== 'idle') return log('warn', `${spec.name} ignored 'start': it is ${state}`);
    state = 'starting';
    begin().then(
      () => {
        // A stop that did not wait for the start has already taken over.
        if (state !== 'starting') return;
        state = 'running';
        if (deferred) return stop(deferred);
        announce();
      },
      // After a stop took over, a start that fails is the stop's doing, not news for main.
      (err: unknown) => state === 'starting' && fatal(errorMessage(err)),
    );
  };

  // The terminal sends Ctrl-C to the whole process group; main hears it too
  // and stops its children in order, so a child waits for main's word.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => stop('sigterm'));
  // Main is gone (crashed or killed): nobody will ever send 'stop', and an orphan would keep running.
  process.on('disconnect', () => stop('disconnect'));
  process.on('message', (raw: unknown) => {
    const d = decodeMessage(spec.schema, raw);
    if (!d.ok) return log('warn', `${spec.name} ignored a message: ${d.reason}`);
    if (state === 'stopping' || state === 'stopped') {
      // Main may well ask twice; anything else is too late to act on.
      if (d.msg.type !== 'stop') log('info', `${spec.name} ignored '${d.msg.type}': it is ${state}`);
      return;
    }
    spec.onMessage(d.msg);
  });

  return {
    get state() {
      return state;
    },
    start,
    stop,
    fatal,
    log,
  };
}
