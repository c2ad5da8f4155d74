import { cpus, release } from 'node:os';

/**
 * What the figures were measured on. The paired ratio is not the same from
 * one processor to the next (the same code read 1.039 on one machine and
 * 1.025 on another, paired against the Aerospike test node), so a verdict
 * names its machine: kvscope's workers and the bare loops run on this Node
 * alike.
 */
export function machineLine(): string {
  const list = cpus();
  const model = list[0]?.model.trim() || 'unknown CPU';
  return `machine: ${list.length} x ${model}, ${process.platform} ${release()}, node ${process.version}`;
}
