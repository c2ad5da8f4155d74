import { z } from 'zod';
import { BuiltinFileTarget, BuiltinKvTarget } from '../../app/scenario/targets';
import { startFileServer } from './file-server';
import { startKvServer } from './kv-server';
import type { RunningTarget } from './running-target';

/** Only the kinds kvscope can run itself; anything else is a mistake in main. */
const StartableTarget = z.discriminatedUnion('kind', [BuiltinKvTarget, BuiltinFileTarget]);

/** Validate the target settings again where they arrive, then start the server they describe. */
export async function startTarget(raw: unknown, workDir: string): Promise<RunningTarget> {
  const r = StartableTarget.safeParse(raw);
  if (!r.success) {
    const first = r.error.issues[0];
    throw new Error(`invalid target settings: ${first.path.join('.') || 'target'}: ${first.message}`);
  }
  const t = r.data;
  if (t.external) throw new Error(`${t.kind} is marked external: connect to it, do not start it`);
  switch (t.kind) {
    case 'builtin-kv':
      return startKvServer(t, workDir);
    case 'builtin-file':
      return startFileServer(t, workDir);
    default: {
      const unknown: never = t;
      throw new Error(`cannot start target kind ${(unknown as { kind: string }).kind}`);
    }
  }
}
