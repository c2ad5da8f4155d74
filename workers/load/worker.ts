import { performance } from 'node:perf_hooks';
import { decodeMessage } from '../../app/protocol/envelope';
import { ToWorkerSchema, type FromWorker, type WorkerStart } from '../../app/protocol/worker';
import { parseScenario, type Scenario } from '../../app/scenario/schema';
import { installCrashHandlers, sendFatalAndExit } from '../crash';
import type { Driver } from './driver';
import { driverFor } from './drivers';
import { ErrorLog } from './error-log';
import { buildLoop } from './setup';
import { TickClock } from './tick-clock';

/**
 * A load worker: a child process that connects one driver, runs the load loop
 * from t0 and reports once a second. Main decides when it starts and stops.
 */

/** Closing a client must not keep a finished worker alive. */
const CLOSE_TIMEOUT_MS = 2000;

// The terminal sends Ctrl-C to the whole process group; main turns it into an
// orderly stop, so the worker must not die on its own.
process.on('SIGINT', () => undefined);
// Main is gone (crashed or killed): nobody will read our numbers, and an
// orphan would keep loading the target.
process.on('disconnect', () => process.exit(0));
installCrashHandlers('worker');

let state: 'idle' | 'connecting' | 'ready' | 'running' | 'stopping' = 'idle';
let driver: Driver | undefined;
let scenario: Scenario | undefined;
let start: WorkerStart | undefined;
let clock: TickClock | undefined;
let pendingStop = false;
const io = { bytesIn: 0, bytesOut: 0 };

function send(m: FromWorker, then?: () => void): void {
  if (process.connected && process.send) process.send(m, undefined, undefined, () => then?.());
  else then?.();
}

function log(level: 'info' | 'warn' | 'error', message: string): void {
  send({ type: 'log', data: { level, message } });
}

process.on('message', (raw: unknown) => {
  const d = decodeMessage(ToWorkerSchema, raw);
  if (!d.ok) return log('warn', `worker ignored a message: ${d.reason}`);
  const m = d.msg;
  switch (m.type) {
    case 'start':
      return void onStart(m.data);
    case 'go':
      return onGo(m.data.t0);
    case 'stop':
      return onStop();
    default: {
      const unknown: never = m;
      log('warn', `worker ignored unknown message ${JSON.stringify(unknown)}`);
    }
  }
});

async function onStart(s: WorkerStart): Promise<void> {
  if (state !== 'idle') return log('warn', `worker ${s.id}: second start refused`);
  state = 'connecting';
  start = s;
  try {
    scenario = parseScenario(s.scenario);
    driver = driverFor(scenario.target.kind)({ scenario, endpoint: s.endpoint, workerId: s.id, io, log });
    await driver.connect();
  } catch (err) {
    return fatal(err instanceof Error ? err.message : String(err));
  }
  state = 'ready';
  send({ type: 'ready', data: { pid: process.pid, node: process.version, versions: driver.versions } });
  if (pendingStop) onStop();
}

function onGo(t0: number): void {
  if (state !== 'ready' || !driver || !scenario || !start) return log('warn', 'worker: go before ready ignored');
  state = 'running';
  const t0Perf = t0 - performance.timeOrigin;
  const d = driver;
  const errors = new ErrorLog((message) => log('warn', message), d.describeError ? (err) => d.describeError!(err) : undefined);
  const loop = buildLoop(scenario, start, driver, t0Perf, (op, err, timeout) => errors.record(op, err, timeout));
  clock = new TickClock(start.id, t0Perf, loop, io, (tick) => send({ type: 'tick', data: tick }));
  const begin = (): void => {
    if (state !== 'running') return;
    loop.start();
    clock?.start();
  };
  loop.once('drained', () => finish());
  setTimeout(begin, Math.max(0, t0Perf - performance.now()));
}

function onStop(): void {
  if (state === 'connecting') {
    pendingStop = true;
    return;
  }
  if (state === 'running') {
    state = 'stopping';
    // 'drained' follows (at once if nothing is in flight) and sends the last tick.
    clock?.loop.stop();
    return;
  }
  if (state === 'idle' || state === 'ready') void exit(0);
}

let finished = false;

function finish(): void {
  if (finished) return;
  finished = true;
  state = 'stopping';
  const last = clock?.final();
  if (last) send({ type: 'tick', data: last });
  send({ type: 'finished', data: { lastSecond: last ? last.second : -1 } }, () => void exit(0));
}

function fatal(message: string): void {
  sendFatalAndExit(message, 1, () => driver?.close());
}

async function exit(code: number): Promise<void> {
  const closing = driver?.close().catch(() => undefined);
  await Promise.race([closing, new Promise((r) => setTimeout(r, CLOSE_TIMEOUT_MS).unref())]);
  process.exit(code);
}
