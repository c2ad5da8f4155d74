import cluster, { type Worker } from 'node:cluster';
import { join } from 'node:path';
import type { NodeCounters } from '../../app/metrics/node-stats';
import { decodeMessage } from '../../app/protocol/envelope';
import { FromKvWorkerSchema, KV_WORKER_CONFIG_ENV, type KvWorkerConfig } from './cluster-messages';
import { logToMain, sendToMain } from './ipc';
import type { KvServerOptions } from './kv-async';
import type { RunningTarget } from './running-target';

/** A worker that has not listened by then is stuck; waiting longer would only hide it. */
const WORKER_START_TIMEOUT_MS = 15_000;
/** Time a worker gets to end after SIGTERM before it is killed. */
const WORKER_STOP_GRACE_MS = 3_000;

/**
 * The cluster variant: this process is the primary and serves nothing; each
 * of `servers` workers runs kv-cluster-worker.js. Workers read their counters
 * on whole seconds and report them here; once all listen, this process
 * forwards each report to main as it comes, time stamp and all.
 */
export async function startKvCluster(o: KvServerOptions, servers: number): Promise<RunningTarget> {
  cluster.setupPrimary({ exec: join(__dirname, 'kv-cluster-worker.js'), args: [] });
  const workers: Worker[] = [];
  /** Each worker's newest counters, until all listen; then reports go straight to main. */
  const latest = new Map<number, NodeCounters>();
  let serving = false;
  let stopping = false;

  const killAll = (): void => {
    for (const w of workers) if (!w.isDead()) w.process.kill('SIGKILL');
  };

  const forkOne = (): Promise<number> =>
    new Promise((resolve, reject) => {
      const config: KvWorkerConfig = o;
      const w = cluster.fork({ [KV_WORKER_CONFIG_ENV]: JSON.stringify(config) });
      workers.push(w);
      const pid = w.process.pid ?? -1;
      let listening = false;
      const timer = setTimeout(
        () => reject(new Error(`kv server process ${pid} did not listen within ${WORKER_START_TIMEOUT_MS} ms`)),
        WORKER_START_TIMEOUT_MS,
      );
      w.on('message', (raw: unknown) => {
        const d = decodeMessage(FromKvWorkerSchema, raw);
        if (!d.ok) return logToMain('warn', `kv server process ${pid}: ignored message: ${d.reason}`);
        const m = d.msg;
        switch (m.type) {
          case 'counters':
            if (serving) return sendToMain({ type: 'node-stats', data: { nodes: [m.data] } });
            latest.set(pid, m.data);
            return;
          case 'fatal':
            clearTimeout(timer);
            reject(new Error(m.data.message));
            if (listening) logToMain('error', `kv server process ${pid}: ${m.data.message}`);
            return;
          default: {
            const unknown: never = m;
            logToMain('warn', `kv server process ${pid}: unknown message ${(unknown as { type: string }).type}`);
          }
        }
      });
      w.once('listening', (addr) => {
        listening = true;
        clearTimeout(timer);
        resolve(addr.port);
      });
      // The channel closes only after every message the worker sent was read,
      // so a 'fatal' it sent has already rejected by now.
      w.once('disconnect', () => {
        clearTimeout(timer);
        reject(new Error(`kv server process ${pid} ended before it listened`));
      });
      w.once('exit', (code: number | null, signal: string | null) => {
        latest.delete(pid);
        if (listening && !stopping) {
          const left = workers.filter((x) => !x.isDead()).length;
          logToMain('error', `kv server process ${pid} ended (${signal ?? `code ${code}`}); ${left} of ${servers} still serve`);
        }
      });
    });

  let port: number;
  try {
    // Every worker listens with the same arguments, so cluster hands all of
    // them the one socket the primary bound, even when port 0 picked it.
    const ports = await Promise.all(Array.from({ length: servers }, forkOne));
    if (new Set(ports).size !== 1) throw new Error(`kv server processes listen on different ports: ${ports.join(', ')}`);
    port = ports[0];
  } catch (err) {
    killAll();
    throw err;
  }

  // Main hears of every node before the first second's readings.
  sendToMain({ type: 'node-stats', data: { nodes: [...latest.values()] } });
  latest.clear();
  serving = true;
  return {
    host: o.host,
    port,
    pids: workers.map((w) => w.process.pid ?? -1),
    stop: async () => {
      stopping = true;
      await Promise.all(workers.map(endWorker));
    },
    kill: () => {
      stopping = true;
      killAll();
    },
  };
}

function endWorker(w: Worker): Promise<void> {
  return new Promise((resolve) => {
    if (w.isDead()) return resolve();
    const timer = setTimeout(() => w.process.kill('SIGKILL'), WORKER_STOP_GRACE_MS);
    w.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    w.process.kill('SIGTERM');
  });
}
