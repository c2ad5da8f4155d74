import { readFileSync } from 'node:fs';
import { cpus, hostname, totalmem } from 'node:os';
import { join } from 'node:path';
import type { RunEnvironment } from '../../app/run/format';
import { packageRoot } from './entries';

let version: string | undefined;

export function kvscopeVersion(): string {
  if (!version) {
    try {
      version = (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      version = 'unknown';
    }
  }
  return version;
}

/** Where and on what a run was measured, recorded in its header. */
export function environment(nodeBinary: string, workerNode: string, clients: Record<string, string>): RunEnvironment {
  const cpuList = cpus();
  return {
    kvscope: kvscopeVersion(),
    workerNode,
    nodeBinary,
    mainNode: process.version,
    clients,
    host: hostname(),
    platform: process.platform,
    arch: process.arch,
    cpus: cpuList.length,
    cpuModel: cpuList[0]?.model ?? 'unknown',
    totalMemory: totalmem(),
  };
}
