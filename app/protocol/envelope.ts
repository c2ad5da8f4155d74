import { z } from 'zod';

/** Every message that crosses a process boundary is `{ type, data }`. */
export interface Envelope<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

const EnvelopeSchema = z.object({ type: z.string(), data: z.unknown() });

/**
 * A hand-written check of a frequent message (app/protocol/fast-check.ts):
 * the message exactly as the schema returns it, or undefined to let the
 * schema decide.
 */
export type FastPath<M> = (raw: unknown) => M | undefined;

type Decoded<M> = { ok: true; msg: M } | { ok: false; reason: string };

/**
 * Validate a message where it arrives. A message of an unknown type or with a
 * bad payload is reported, never trusted. `fast` answers first where it is
 * sure; the schema decides everything else.
 */
export function decodeMessage<M>(schema: z.ZodType<M>, raw: unknown, fast?: FastPath<M>): Decoded<M> {
  const quick = fast?.(raw);
  if (quick !== undefined) return { ok: true, msg: quick };
  const env = EnvelopeSchema.safeParse(raw);
  if (!env.success) return { ok: false, reason: 'not a {type, data} envelope' };
  const r = schema.safeParse(raw);
  if (r.success) return { ok: true, msg: r.data };
  const first = r.error.issues[0];
  return { ok: false, reason: `${env.data.type}: ${first.path.join('.') || 'message'} ${first.message}` };
}

export function msg<T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.object({ type: z.literal(type), data });
}
