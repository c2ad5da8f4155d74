import { fork } from 'node:child_process';
import { join } from 'node:path';
import { decodeMessage } from '../app/protocol/envelope';
import { onAbort } from './cleanup';
import { FIXED_HEAP_FLAGS } from './fixed-heap';
import { inheritedFlags } from '../main/engine/memory-reducer';
import { FromBareSchema, type BareMark, type BareResult } from './bare-protocol';

/** Process start, ioredis load and connect, and the drain fit in this on top of warm-up and run. */
const RUN_SLACK_MS = 30_000;
/** Enough of the child's stderr to explain a crash. */
const STDERR_TAIL_CHARS = 2_000;
/** The compiled child script, next to this file in dist/bench. */
const BARE_LOOP = join(__dirname, 'bare-loop.js');

/** A bare loop under way: its counts at an instant, an early stop, and its result. */
export interface BareHandle {
  /** Its answers and CPU time so far (asked over IPC: the child reads both at one instant). */
  mark(): Promise<BareMark>;
  /** End its loop now; `result` follows. */
  stop(): void;
  result: Promise<BareResult>;
}

/**
 * (b) Run a bare loop in its own process, on the same Node binary, and
 * collect its count. The loop script (ioredis by default) takes its own start
 * message and answers with a BareResult.
 */
export function runBare(start: { warmupSeconds: number; durationSeconds: number }, script = BARE_LOOP): Promise<BareResult> {
  return startBare(start, script).result;
}

export function startBare(start: { warmupSeconds: number; durationSeconds: number }, script = BARE_LOOP): BareHandle {
  const child = fork(script, [], {
    execPath: process.execPath,
    // The bare loop runs with the flags kvscope's workers get: main's own (bench:* run it as main) are not a client's.
    execArgv: [...inheritedFlags(process.execArgv), ...FIXED_HEAP_FLAGS],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    serialization: 'json',
  });
  const unregister = onAbort(() => child.kill('SIGKILL'));
  const limitMs = (start.warmupSeconds + start.durationSeconds) * 1000 + RUN_SLACK_MS;
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => void (stderr = (stderr + d).slice(-STDERR_TAIL_CHARS)));

  const marks: ((m: BareMark) => void)[] = [];
  const result = new Promise<BareResult>((resolve, reject) => {
    let settled = false;
    const settle = (err: Error | undefined, result?: BareResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // The child exits by itself after reporting; a kill only matters on failure paths.
      if (err) child.kill('SIGKILL');
      child.once('exit', unregister);
      if (child.exitCode !== null || child.signalCode !== null) unregister();
      if (err) reject(err);
      else if (result) resolve(result);
    };
    const timer = setTimeout(() => settle(new Error(`bare loop did not report within ${limitMs / 1000} s and was killed`)), limitMs);
    child.on('message', (raw: unknown) => {
      const d = decodeMessage(FromBareSchema, raw);
      if (!d.ok) return settle(new Error(`bare loop sent a bad message: ${d.reason}`));
      if (d.msg.type === 'fatal') return settle(new Error(`bare loop failed: ${d.msg.data.message}`));
      if (d.msg.type === 'mark') return marks.shift()?.(d.msg.data);
      settle(undefined, d.msg.data);
    });
    child.on('error', (err) => settle(new Error(`cannot start the bare loop (${script}): ${err.message}`)));
    // 'close' rather than 'exit': it follows the IPC channel's last message, so a result is never lost to a race.
    child.on('close', (code, signal) => {
      const tail = stderr.trim() ? `: ${stderr.trim()}` : '';
      settle(new Error(`bare loop exited before reporting (code ${code}, signal ${signal})${tail}`));
    });
    child.send({ type: 'start', data: start });
  });
  return {
    result,
    mark: () =>
      new Promise<BareMark>((resolve, reject) => {
        marks.push(resolve);
        // Answers come in order; a child that has ended leaves the mark to the result's rejection.
        child.send({ type: 'mark' }, (err) => err && reject(err));
        result.catch(reject);
      }),
    stop: () => void (child.connected && child.send({ type: 'stop' })),
  };
}
