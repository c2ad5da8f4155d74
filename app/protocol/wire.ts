import { z } from 'zod';
import { msg } from './envelope';
import type { PushChannel, Pushes, RequestChannel } from './bridge';

/**
 * The Bridge over a WebSocket (serve mode): the same requests and pushes as
 * Electron IPC, each frame one JSON `{type, data}` envelope.
 */
export const WS_PATH = '/bridge';

/**
 * A run file imported in the browser: POSTed whole to this path, its file
 * name in the query as IMPORT_NAME_PARAM, answered with the imported run's
 * RunListItem. A WebSocket frame is kept small; a long run's file is not.
 */
export const IMPORT_RUN_PATH = '/bridge/import-run';
export const IMPORT_NAME_PARAM = 'name';

/** browser -> main */
export const FromBrowserSchema = z.discriminatedUnion('type', [
  msg('request', z.object({ id: z.number().int().nonnegative(), channel: z.string(), payload: z.unknown() })),
]);
export type FromBrowser = z.infer<typeof FromBrowserSchema>;

/** main -> browser */
export type ToBrowser =
  | { type: 'response'; data: { id: number; ok: true; result: unknown } }
  | { type: 'response'; data: { id: number; ok: false; error: string } }
  | { type: 'push'; data: { channel: PushChannel; payload: Pushes[PushChannel] } };

export const ToBrowserSchema = z.discriminatedUnion('type', [
  msg(
    'response',
    z.union([
      z.object({ id: z.number(), ok: z.literal(true), result: z.unknown() }),
      z.object({ id: z.number(), ok: z.literal(false), error: z.string() }),
    ]),
  ),
  msg('push', z.object({ channel: z.string(), payload: z.unknown() })),
]);

export type { RequestChannel };
