import { afterEach, describe, expect, it } from 'vitest';
import { entryPath, type EntryName } from '../../main/engine/entries';
import { NO_IPC_EXIT_CODE } from '../../workers/child-entry';
import { ForkedChild, killForkedChildren } from '../helpers/forked-child';

/**
 * Each of the four real entries goes through the shared life cycle (their
 * crash path is covered by test/integration/crash.test.ts).
 */
const ENTRIES: [EntryName, string][] = [
  ['workers/load/worker', 'worker'],
  ['workers/targets/main', 'target'],
  ['workers/monitor/main', 'monitor'],
  ['workers/local/main', 'local cluster'],
];

afterEach(killForkedChildren);

describe.each(ENTRIES)('%s', (entry, name) => {
  it('refuses to run without an IPC channel', async () => {
    const c = ForkedChild.spawnWithoutIpc(entryPath(entry));
    expect((await c.exited()).code).toBe(NO_IPC_EXIT_CODE);
    expect(c.lines.join('\n')).toContain(`kvscope ${name}: start me with child_process.fork`);
  });

  it('lives on after SIGINT, then exits 0 on SIGTERM', async () => {
    const c = ForkedChild.fork(entryPath(entry));
    // An answer proves it is up (its handlers are installed) and, after SIGINT, that it survived it.
    c.send({ type: 'bogus', data: {} });
    await c.logMatching(new RegExp(`${name} ignored a message: bogus`));
    c.proc.kill('SIGINT');
    c.send({ type: 'still-there', data: {} });
    await c.logMatching(/still-there/);
    c.proc.kill('SIGTERM');
    expect(await c.exited()).toEqual({ code: 0, signal: null });
  });

  it('exits 0 when main goes away', async () => {
    const c = ForkedChild.fork(entryPath(entry));
    c.send({ type: 'bogus', data: {} });
    await c.logMatching(/bogus/);
    c.proc.disconnect();
    expect(await c.exited()).toEqual({ code: 0, signal: null });
  });

  it("exits 0 on 'stop' before any start", async () => {
    const c = ForkedChild.fork(entryPath(entry));
    c.send({ type: 'stop', data: {} });
    expect(await c.exited()).toEqual({ code: 0, signal: null });
    expect(c.messages.filter((m) => m.type === 'fatal')).toEqual([]);
  });
});
