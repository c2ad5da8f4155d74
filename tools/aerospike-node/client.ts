import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from './main';
import type { Fault } from './node';

/**
 * The test node (a separate process: the real client's first connect blocks
 * its own thread): beside this file once built (bench/scan.ts), else the
 * build of it (the tests, which run this file from source).
 */
const ENTRY = existsSync(join(__dirname, 'main.js'))
  ? join(__dirname, 'main.js')
  : join(__dirname, '..', '..', 'dist', 'tools', 'aerospike-node', 'main.js');
const READY_TIMEOUT_MS = 10_000;
const COMMAND_TIMEOUT_MS = 10_000;
const EXIT_TIMEOUT_MS = 3_000;

export interface AerospikeTestNode {
  hosts: string;
  ports: number[];
  pid: number;
  stopNode(i: number): Promise<void>;
  startNode(i: number): Promise<void>;
  /** Quiesce node i and recluster: it gives its partitions up. */
  quiesce(i: number): Promise<void>;
  fault(i: number, fault: Fault): Promise<void>;
  info(): Promise<{ name: string; port: number; up: boolean; unknownInfo: string[]; counters: Record<string, number> }[]>;
  close(): Promise<void>;
}

export async function startAerospikeNode(args: string[] = []): Promise<AerospikeTestNode> {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\``);
  const child = fork(ENTRY, args, { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const ready = await new Promise<{ hosts: string; ports: number[] }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the aerospike test node did not start')), READY_TIMEOUT_MS);
    child.stdout!.once('data', (d: Buffer) => {
      clearTimeout(timer);
      resolve(JSON.parse(d.toString('utf8')));
    });
    child.once('exit', (code) => reject(new Error(`the aerospike test node exited with ${code}`)));
  }).catch((err) => {
    child.kill('SIGKILL');
    throw err;
  });
  let nextId = 1;
  const command = <T>(m: Omit<Command, 'id'>): Promise<T> => send<T>(child, { ...m, id: nextId++ });
  return {
    ...ready,
    pid: child.pid!,
    stopNode: (node) => command({ cmd: 'stop', node }),
    startNode: (node) => command({ cmd: 'start', node }),
    quiesce: (node) => command({ cmd: 'quiesce', node }),
    fault: (node, fault) => command({ cmd: 'fault', node, fault }),
    info: () => command({ cmd: 'info' }),
    close: () => close(child),
  };
}

function send<T>(child: ChildProcess, m: Command): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the test node did not answer ${m.cmd}`)), COMMAND_TIMEOUT_MS);
    const onMessage = (r: { id: number; ok: boolean; data?: T; error?: string }): void => {
      if (r.id !== m.id) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      if (r.ok) resolve(r.data as T);
      else reject(new Error(r.error));
    };
    child.on('message', onMessage);
    child.send(m);
  });
}

async function close(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
