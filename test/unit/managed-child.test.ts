import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManagedChild } from '../../main/engine/child';
import { NO_MEMORY_REDUCER } from '../../main/engine/memory-reducer';

const SENDER = join(__dirname, '..', 'fixtures', 'send-then-exit.cjs');
const FLAGS_REPORTER = join(__dirname, '..', 'fixtures', 'report-flags.cjs');
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

describe('the Node flags a child starts with', () => {
  it("are main's without its memory reducer flag (no child's), then the child's own", async () => {
    const before = [...process.execArgv];
    process.execArgv.push(NO_MEMORY_REDUCER, '--stack-size=900');
    try {
      const child = new ManagedChild('flags', FLAGS_REPORTER);
      const seen = new Promise<unknown>((resolve) => child.on('message', (m: unknown) => resolve((m as { data: unknown }).data)));
      child.start({ execPath: process.execPath, execArgv: ['--max-semi-space-size=16'] });
      expect(await seen).toEqual([...before, '--stack-size=900', '--max-semi-space-size=16']);
    } finally {
      process.execArgv.splice(0, process.execArgv.length, ...before);
    }
  });
});
