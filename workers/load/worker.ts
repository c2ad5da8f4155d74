import { performance } from 'node:perf_hooks';
import { ToWorkerSchema, type FromWorker, type WorkerStart } from '../../app/protocol/worker';
import { parseScenario, type Scenario } from '../../app/scenario/schema';
import { runChild, sendEnvelope, type StopReason } from '../child-entry';
import type { Driver } from './driver';
import { driverFor } from './drivers';
import { useClientAt } from './client-module';
import { ErrorLog } from './error-log';
import { buildLoop } from './setup';
import { TickClock } from './tick-clock';

/**
 * A load worker: a child process that connects one driver, runs the load loop
 * from t0 and reports once a second. Main decides when it starts and stops.
 */

/** Closing a client must not keep a finished worker alive. */
const CLOSE_TIMEOUT_MS = 2000;

let driver: Driver | undefined;
let scenario: Scenario | undefined;
let start: WorkerStart | undefined;
let clock: TickClock | undefined;
/** Settles once the loop has nothing in flight after it stopped issuing. */
let drained: Promise<void> | undefined;
const io = { bytesIn: 0, bytesOut: 0 };

const send = (m: FromWorker, then?: () => void): void => sendEnvelope(m, then);
const log = (level: 'info' | 'warn' | 'error', message: string): void => send({ type: 'log', data: { level, message } });

const child = runChild({
  name: 'worker',
  schema: ToWorkerSchema,
  onMessage(m) {
    switch (m.type) {
      case 'start':
        return onStart(m.data);
      case 'go':
        return onGo(m.data.t0);
      case 'stop':
        return child.stop('message');
      default: {
        const unknown: never = m;
        log('warn', `worker ignored unknown message ${JSON.stringify(unknown)}`);
      }
    }
  },
  stop,
  // Closing a driver that is still connecting is not something every client library survives.
  stopAfterStart: ['message'],
  cleanup: () => driver?.close(),
});

function onStart(s: WorkerStart): void {
  child.start(
    async () => {
      start = s;
      scenario = parseScenario(s.scenario);
      useClientAt(s.client);
      driver = driverFor(scenario.target.kind)({ scenario, endpoint: s.endpoint, workerId: s.id, io, log });
      await driver.connect();
    },
    () => driver && send({ type: 'ready', data: { pid: process.pid, node: process.version, versions: driver.versions } }),
  );
}

function onGo(t0: number): void {
  if (child.state !== 'running' || clock || !driver || !scenario || !start) return log('warn', 'worker: go before ready ignored');
  const t0Perf = t0 - performance.timeOrigin;
  const d = driver;
  const errors = new ErrorLog((message) => log('warn', message), d.describeError ? (err) => d.describeError!(err) : undefined);
  const loop = buildLoop(scenario, start, driver, t0Perf, (op, err, timeout) => errors.record(op, err, timeout));
  const c = new TickClock(start.id, t0Perf, loop, io, (tick) => send({ type: 'tick', data: tick }));
  clock = c;
  drained = new Promise((resolve) => loop.once('drained', resolve));
  // Its share done (or its end time reached), the worker finishes by itself.
  void drained.then(() => child.stop('done'));
  const begin = (): void => {
    if (child.state !== 'running') return;
    loop.start();
    c.start();
  };
  setTimeout(begin, Math.max(0, t0Perf - performance.now()));
}

/**
 * Main's 'stop' and the end of the load drain what is in flight and send the
 * last tick and 'finished'; SIGTERM only closes the client; with main gone
 * nobody reads anything, so the worker just exits.
 */
async function stop(reason: StopReason): Promise<void> {
  if (reason === 'disconnect') return;
  if (clock && drained && reason !== 'sigterm') {
    // 'drained' follows at once if nothing is in flight, or if the loop never began.
    clock.loop.stop();
    await drained;
    const last = clock.final();
    send({ type: 'tick', data: last });
    await new Promise<void>((resolve) => send({ type: 'finished', data: { lastSecond: last.second } }, resolve));
  }
  const closing = driver?.close().catch(() => undefined);
  await Promise.race([closing, new Promise((r) => setTimeout(r, CLOSE_TIMEOUT_MS).unref())]);
}
