import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_IPC_EXIT_CODE, START_FAILED_EXIT_CODE } from '../../workers/child-entry';
import { CRASH_EXIT_CODE, CRASH_TEST_ENV } from '../../workers/crash';
import { FIXTURE } from '../helpers/child-fixture';
import { ForkedChild, killForkedChildren } from '../helpers/forked-child';

let dir = '';
let fixture = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kvscope-child-entry-'));
  fixture = join(dir, 'fixture.js');
  writeFileSync(fixture, FIXTURE);
});
afterEach(killForkedChildren);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function forkFixture(env: NodeJS.ProcessEnv = process.env): Promise<ForkedChild> {
  const c = ForkedChild.fork(fixture, env);
  await c.until(() => c.lines.includes('up'), "'up'");
  return c;
}
const stops = (c: ForkedChild): string[] => c.lines.filter((l) => l.startsWith('stop '));
const has = (c: ForkedChild, line: string) => (): boolean => c.lines.includes(line);

describe('runChild', () => {
  it('refuses to run without an IPC channel', async () => {
    const c = ForkedChild.spawnWithoutIpc(fixture);
    expect((await c.exited()).code).toBe(NO_IPC_EXIT_CODE);
    expect(c.lines.join('\n')).toMatch(/kvscope fixture: .*IPC channel is required/);
  });

  it('lives on after SIGINT: it still answers', async () => {
    const c = await forkFixture();
    c.proc.kill('SIGINT');
    // The signal is pending before the message is sent: an answer means it survived it.
    c.send({ type: 'bogus', data: {} });
    await c.logMatching(/fixture ignored a message: bogus/);
    expect(c.end).toBeUndefined();
  });

  it("stops once for 'stop', SIGTERM and disconnect together, ignoring messages meanwhile, and exits 0", async () => {
    const c = await forkFixture();
    c.send({ type: 'stop', data: {} });
    await c.until(has(c, 'stop message'), 'the stop');
    c.send({ type: 'poll', data: {} });
    await c.logMatching(/fixture ignored 'poll': it is stopping/);
    c.send({ type: 'stop', data: {} });
    c.proc.kill('SIGTERM');
    c.proc.disconnect();
    await c.until(() => has(c, 'saw sigterm')() && has(c, 'saw disconnect')(), 'SIGTERM and disconnect');
    c.proc.stdin?.end();
    expect(await c.exited()).toEqual({ code: 0, signal: null });
    expect(stops(c)).toEqual(['stop message']);
    expect(c.lines).not.toContain('poll');
  });

  it('stops when main goes away (its channel closes)', async () => {
    const c = await forkFixture();
    c.proc.disconnect();
    await c.until(has(c, 'stop disconnect'), 'the stop');
    c.proc.stdin?.end();
    expect(await c.exited()).toEqual({ code: 0, signal: null });
    expect(stops(c)).toEqual(['stop disconnect']);
  });

  it("a 'stop' during the start waits for it, then stops without announcing 'ready'", async () => {
    const c = await forkFixture();
    c.send({ type: 'start', data: { target: {}, workDir: 'ok' } });
    c.send({ type: 'stop', data: {} });
    c.send({ type: 'poll', data: {} });
    await c.until(has(c, 'stop message'), 'the stop');
    expect(c.lines.indexOf('poll')).toBeLessThan(c.lines.indexOf('stop message'));
    c.proc.stdin?.end();
    expect(await c.exited()).toEqual({ code: 0, signal: null });
    expect(c.messages.filter((m) => m.type === 'ready')).toEqual([]);
  });

  it("refuses a second 'start', and announces 'ready' once", async () => {
    const c = await forkFixture();
    c.send({ type: 'start', data: { target: {}, workDir: 'ok' } });
    c.send({ type: 'start', data: { target: {}, workDir: 'ok' } });
    await c.logMatching(/fixture ignored 'start': it is starting/);
    c.send({ type: 'poll', data: {} });
    await c.until(() => c.messages.some((m) => m.type === 'ready'), "'ready'");
    c.send({ type: 'stop', data: {} });
    await c.until(has(c, 'stop message'), 'the stop');
    c.proc.stdin?.end();
    expect(await c.exited()).toEqual({ code: 0, signal: null });
    expect(c.messages.filter((m) => m.type === 'ready')).toHaveLength(1);
  });

  it("a failed start sends 'fatal' with the reason and exits 1", async () => {
    const c = await forkFixture();
    c.send({ type: 'start', data: { target: {}, workDir: 'fail' } });
    c.send({ type: 'poll', data: {} });
    expect((await c.exited()).code).toBe(START_FAILED_EXIT_CODE);
    expect(c.messages.filter((m) => m.type === 'fatal')).toEqual([{ type: 'fatal', data: { message: 'no luck' } }]);
    expect(stops(c)).toEqual([]);
  });

  it(`a crash sends 'fatal' and exits ${CRASH_EXIT_CODE}`, async () => {
    const c = ForkedChild.fork(fixture, { ...process.env, [CRASH_TEST_ENV]: 'fixture' });
    await c.until(() => c.messages.some((m) => m.type === 'fatal'), "'fatal'");
    c.proc.stdin?.end();
    expect((await c.exited()).code).toBe(CRASH_EXIT_CODE);
    const fatal = c.messages.filter((m) => m.type === 'fatal');
    expect(fatal).toHaveLength(1);
    expect(JSON.stringify(fatal[0].data)).toMatch(/fixture crashed \(uncaught exception\)/);
  });

  it(`a crash while stopping still ends with 'fatal' and exit code ${CRASH_EXIT_CODE}, not the stop's 0`, async () => {
    const c = await forkFixture();
    c.send({ type: 'stop', data: {} });
    await c.until(has(c, 'stop message'), 'the stop');
    c.proc.stdin?.write('crash\n');
    await c.until(() => c.messages.some((m) => m.type === 'fatal'), "'fatal'");
    // Lets the stop and the crash's cleanup both finish: only the crash may decide the exit code.
    c.proc.stdin?.end();
    expect((await c.exited()).code).toBe(CRASH_EXIT_CODE);
    expect(c.messages.filter((m) => m.type === 'fatal')).toHaveLength(1);
  });
});
