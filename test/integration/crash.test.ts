import { fork } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { FromTargetSchema } from '../../app/protocol/target';
import { FromWorkerSchema } from '../../app/protocol/worker';
import { entryPath, type EntryName } from '../../main/engine/entries';
import { CRASH_EXIT_CODE, CRASH_TEST_ENV } from '../../workers/crash';
import { runScenario, waitGone } from '../helpers/run';

/** Every child entry and the name it reports itself by. */
const ENTRIES: [EntryName, string][] = [
  ['workers/load/worker', 'worker'],
  ['workers/targets/main', 'target'],
  ['workers/monitor/main', 'monitor'],
  ['workers/local/main', 'local cluster'],
];
/** A crashed child sends its message and exits within FATAL_EXIT_TIMEOUT_MS; this is generous room. */
const EXIT_WITHIN_MS = 10_000;

/** Fork an entry as main does, made to crash by the test-only trigger; collect what it says and how it ends. */
function crashChild(entry: EntryName, trigger: string): Promise<{ messages: unknown[]; code: number | null }> {
  const messages: unknown[] = [];
  const child = fork(entryPath(entry), [], {
    env: { ...process.env, [CRASH_TEST_ENV]: trigger },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
  });
  child.on('message', (m) => messages.push(m));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not exit after crashing`));
    }, EXIT_WITHIN_MS);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ messages, code });
    });
  });
}

describe('a crashing child tells main why before it exits', () => {
  for (const [entry, name] of ENTRIES) {
    for (const [how, trigger, what] of [
      ['throws', name, /crashed \(uncaught exception\): test crash/],
      ['rejects', `${name}:rejection`, /crashed \(unhandled rejection\): test rejection/],
    ] as const) {
      it(`${entry} ${how}: one 'fatal' with the message, then exit code ${CRASH_EXIT_CODE}`, async () => {
        const { messages, code } = await crashChild(entry, trigger);
        const schema = entry === 'workers/load/worker' ? FromWorkerSchema : FromTargetSchema;
        const fatal = messages.map((m) => schema.parse(m)).filter((m) => m.type === 'fatal');
        expect(fatal).toHaveLength(1);
        expect(fatal[0].type === 'fatal' && fatal[0].data.message).toMatch(what);
        expect(code).toBe(CRASH_EXIT_CODE);
      });
    }
  }
});

describe('main logs a child crash', () => {
  afterEach(() => {
    delete process.env[CRASH_TEST_ENV];
  });

  it("a load worker's crash fails the run with the worker's message in the log", async () => {
    process.env[CRASH_TEST_ENV] = 'worker';
    const { summary, logs, run } = await runScenario({ target: { kind: 'builtin-kv' }, workers: 1, durationSeconds: 2 });
    expect(summary.status).toBe('failed');
    expect(logs.some((l) => l.level === 'error' && /worker crashed \(uncaught exception\): test crash of the worker/.test(l.message))).toBe(
      true,
    );
    expect(await waitGone([...run.workerPids, ...(run.targetPid ? [run.targetPid] : [])], 5000)).toEqual([]);
  });

  it("a built-in target's crash fails the run with the target's message in the log", async () => {
    process.env[CRASH_TEST_ENV] = 'target:rejection';
    const { summary, logs } = await runScenario({ target: { kind: 'builtin-kv' }, workers: 1, durationSeconds: 2 });
    expect(summary.status).toBe('failed');
    expect(
      logs.some((l) => l.level === 'error' && /target crashed \(unhandled rejection\): test rejection in the target/.test(l.message)),
    ).toBe(true);
  });

  it("a built-in target's crash mid-run is logged with its message, and the run fails", async () => {
    process.env[CRASH_TEST_ENV] = 'target:later';
    const { summary, logs, samples } = await runScenario({
      target: { kind: 'builtin-kv' },
      workers: 1,
      warmupSeconds: 0,
      durationSeconds: 6,
    });
    expect(samples.length).toBeGreaterThan(0);
    expect(summary.status).toBe('failed');
    expect(
      logs.some((l) => l.level === 'error' && /target crashed \(uncaught exception\): test crash of the target, later/.test(l.message)),
    ).toBe(true);
  });
});
