import { z } from 'zod';
import { NodeCountersSchema } from '../metrics/node-stats';
import { msg, type FastPath } from './envelope';
import { envelopeData, isPlain, NO } from './fast-check';
import { checkNodeCounters } from '../metrics/node-counters-check';
import type { NodeCounters } from '../metrics/node-stats';
import { FatalSchema } from './fatal';
import { LogSchema } from './worker';

const TargetStartSchema = z.object({
  /** The target settings of the scenario (builtin-kv or builtin-file), validated again on arrival. */
  target: z.unknown(),
  /** A folder the target may write to; removed by main after the run. */
  workDir: z.string(),
});
export type TargetStart = z.infer<typeof TargetStartSchema>;

/** main -> built-in target */
export const ToTargetSchema = z.discriminatedUnion('type', [
  msg('start', TargetStartSchema),
  /** Read the counters now (the monitor's last reading after the load); built-in targets report on their own clock. */
  msg('poll', z.object({})),
  msg('stop', z.object({})),
]);
export type ToTarget = z.infer<typeof ToTargetSchema>;

/** built-in target -> main */
export const FromTargetSchema = z.discriminatedUnion('type', [
  msg(
    'ready',
    z.object({
      host: z.string(),
      port: z.number().int().min(1).max(65535),
      pids: z.array(z.number().int()),
      /** A local cluster's members' Prometheus endpoints, when they have one (Hazelcast with the JMX exporter). */
      metricsUrls: z.array(z.string().url()).max(64).optional(),
    }),
  ),
  /** Cumulative per-process counters, once a second. */
  msg('node-stats', z.object({ nodes: z.array(NodeCountersSchema) })),
  msg('log', LogSchema),
  /** The child cannot go on (it failed to start, or crashed) and exits. */
  FatalSchema,
]);
export type FromTarget = z.infer<typeof FromTargetSchema>;

/** The monitor's readings, its message of every second, checked by hand first (app/metrics/node-counters-check.ts). */
export const fastFromTarget: FastPath<FromTarget> = (raw) => {
  const data = envelopeData(raw, 'node-stats');
  if (!isPlain(data) || !Array.isArray(data.nodes)) return NO;
  const nodes: NodeCounters[] = [];
  for (const n of data.nodes as unknown[]) {
    const node = checkNodeCounters(n);
    if (!node) return NO;
    nodes.push(node);
  }
  return { type: 'node-stats', data: { nodes } };
};
