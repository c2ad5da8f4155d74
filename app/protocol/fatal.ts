import { z } from 'zod';
import { msg } from './envelope';

/**
 * The last word of any child (load worker, built-in target, monitor, local
 * cluster keeper) before it exits on an error it cannot go on from: a failed
 * connect, or a crash caught by workers/crash.ts. One shape for every child,
 * so one helper can send it whatever the child's own protocol.
 */
export const FatalSchema = msg('fatal', z.object({ message: z.string() }));
export type Fatal = z.infer<typeof FatalSchema>;
