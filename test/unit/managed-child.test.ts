import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManagedChild } from '../../main/engine/child';

const SENDER = join(__dirname, '..', 'fixtures', 'send-then-exit.cjs');
const CHILDREN = 12;
const COUNT = 5;
const SIZE = 100;
/** Long enough for every child to start, send and exit while main is not reading. */
const BUSY_MS = 1500;

/** Messages a child had passed on when its 'exit' came. */
function watch(child: ManagedChild): Promise<number> {
  let seen = 0;
  child.on('message', () => seen++);
  return new Promise((resolve) => child.on('exit', () => resolve(seen)));
}

describe('children that send and exit at once', () => {
  it('have every message passed on before their exit, even when main was too busy to read before they ended', async () => {
    const children = Array.from({ length: CHILDREN }, (_, i) => new ManagedChild(`sender ${i}`, SENDER));
    const atExit = children.map(watch);
    for (const c of children) c.start({ execPath: process.execPath, args: [String(COUNT), String(SIZE)] });
    // Busy: each child's messages and its exit are all pending when this loop next reads.
    const until = Date.now() + BUSY_MS;
    while (Date.now() < until);
    expect(await Promise.all(atExit)).toEqual(children.map(() => COUNT));
  });
});
