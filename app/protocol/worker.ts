import { z } from 'zod';
import { TickSchema } from '../metrics/tick';
import { msg, type FastPath } from './envelope';
import { envelopeData } from './fast-check';
import { checkTick } from '../metrics/tick-check';
import { FatalSchema } from './fatal';

/** Where a worker sends its load: the target's address once it is listening. */
const EndpointSchema = z.object({ host: z.string(), port: z.number().int().min(1).max(65535) });
export type Endpoint = z.infer<typeof EndpointSchema>;

const WorkerStartSchema = z.object({
  id: z.number().int().nonnegative(),
  /** How many workers share the load (for splitting totalOps and rate). */
  of: z.number().int().positive(),
  /** The validated scenario; the worker validates it again on arrival. */
  scenario: z.unknown(),
  endpoint: EndpointSchema.optional(),
  /** The folder of the client library to load (target.client), chosen and checked by main; absent: the bundled one. */
  client: z.string().min(1).optional(),
});
export type WorkerStart = z.infer<typeof WorkerStartSchema>;

/** main -> load worker */
export const ToWorkerSchema = z.discriminatedUnion('type', [
  /** Connect to the target; the worker answers 'ready' when it can issue operations. */
  msg('start', WorkerStartSchema),
  /** Begin the load at epoch ms t0 (second 0); every worker aligns its ticks to it. */
  msg('go', z.object({ t0: z.number() })),
  /** Stop issuing, let in-flight operations finish, send the last tick and 'finished'. */
  msg('stop', z.object({})),
]);
export type ToWorker = z.infer<typeof ToWorkerSchema>;

export const LogSchema = z.object({ level: z.enum(['info', 'warn', 'error']), message: z.string() });
export type LogLine = z.infer<typeof LogSchema>;

/** load worker -> main */
export const FromWorkerSchema = z.discriminatedUnion('type', [
  /** Connected to the target and waiting for 'go'. */
  msg('ready', z.object({ pid: z.number().int(), node: z.string(), versions: z.record(z.string(), z.string()) })),
  msg('tick', TickSchema),
  msg('log', LogSchema),
  /** The worker issued its share of operations (or reached the end) and sent its last tick. */
  msg('finished', z.object({ lastSecond: z.number().int() })),
  /** The worker cannot go on, e.g. it could not connect, or it crashed. */
  FatalSchema,
]);
export type FromWorker = z.infer<typeof FromWorkerSchema>;

/** The tick, a worker's message of every second, checked by hand first (app/metrics/tick-check.ts). */
export const fastFromWorker: FastPath<FromWorker> = (raw) => {
  const data = checkTick(envelopeData(raw, 'tick'));
  return data && { type: 'tick', data };
};
