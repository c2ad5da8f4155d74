import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dispatchRequest, type StartResult, type Validation } from '../../app/protocol/bridge';
import type { LogEntry } from '../../app/run/format';
import { parseScenario } from '../../app/scenario/schema';
import { Run } from '../../main/engine/orchestrator';
import { RunController } from '../../main/engine/run-controller';
import { freePort } from '../../workers/local/free-port';
import { fakeNode, importAttack, preloadLibrary, requireScript, sandbox, useSandboxEnv } from './policy-fixtures';

const SHORT = { warmupSeconds: 0, durationSeconds: 1 };
/** Long enough for a worker that did start to have run its preloaded code. */
const SETTLE_MS = 1500;

describe('the Bridge (and Run itself) refuse scenarios that would run other code or write elsewhere', () => {
  const sb = sandbox();
  let restoreEnv: () => void;
  let controller: RunController;
  let port: number;
  const markers: string[] = [];
  const marker = (name: string): string => {
    const m = sb.marker(name);
    markers.push(m);
    return m;
  };
  beforeAll(async () => {
    restoreEnv = useSandboxEnv(sb);
    controller = new RunController(join(sb.root, 'runs'));
    port = await freePort();
  });
  // Only matters where a refusal failed and a run started.
  afterEach(() => controller.shutdown());
  afterAll(() => {
    restoreEnv();
    sb.cleanup();
  });

  const redis = () => ({ kind: 'redis', port });
  const startRun = (scenario: Record<string, unknown>, plan?: unknown) =>
    dispatchRequest(controller, 'startRun', { scenario, ...(plan ? { plan } : {}) }) as Promise<StartResult>;
  const validate = (scenario: Record<string, unknown>) =>
    dispatchRequest(controller, 'validateScenario', { scenario }) as Promise<Validation>;

  const attacks: [string, () => Record<string, unknown>, string, RegExp][] = [
    [
      'NODE_OPTIONS=--import=data:...',
      () => ({ target: redis(), env: { NODE_OPTIONS: importAttack(marker('import')) } }),
      'env.NODE_OPTIONS',
      /^--import=data:\S+: loads code into the worker; not allowed$/,
    ],
    [
      'NODE_OPTIONS=--require x.js',
      () => ({ target: redis(), env: { NODE_OPTIONS: `--require ${requireScript(sb.root, marker('require'))}` } }),
      'env.NODE_OPTIONS',
      /^--require: loads code/,
    ],
    [
      'LD_PRELOAD',
      () => ({ target: redis(), env: { LD_PRELOAD: preloadLibrary(sb.root, marker('preload')) } }),
      'env.LD_PRELOAD',
      /^loads code into the worker; not allowed$/,
    ],
    [
      'node: a script',
      () => ({ target: redis(), node: fakeNode(sb.root, marker('node')) }),
      'node',
      /is not a Node runtime kvscope knows: .*kvscope runtimes add --path/,
    ],
    ['node: /bin/sh', () => ({ target: redis(), node: '/bin/sh' }), 'node', /^\/bin\/sh is not a Node runtime kvscope knows/],
    ['node: sh on PATH', () => ({ target: redis(), node: 'sh' }), 'node', /^"sh" is not a runtime kvscope knows/],
    [
      'target.jar in a temp folder',
      () => ({ target: { kind: 'hazelcast', localMembers: 1, jar: jarOutside() } }),
      'target.jar',
      /is outside the folders kvscope may use/,
    ],
    [
      'target.dataPath outside',
      () => ({ target: { kind: 'builtin-kv', dataPath: join(sb.outside, 'kv') } }),
      'target.dataPath',
      /is outside the folders kvscope may use/,
    ],
    [
      'target.sinkDir outside',
      () => ({ target: { kind: 'aerospike', hosts: `127.0.0.1:${port}`, sink: 'file', sinkDir: sb.outside }, mix: { scan: 1 } }),
      'target.sinkDir',
      /is outside the folders kvscope may use/,
    ],
  ];
  const jarOutside = (): string => {
    const jar = join(sb.outside, 'evil.jar');
    writeFileSync(jar, 'not really a jar');
    return jar;
  };

  it.each(attacks)('startRun refuses %s naming the field, and starts nothing', async (_what, make, field, reason) => {
    const r = await startRun({ ...make(), ...SHORT });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toContainEqual({ field, reason: expect.stringMatching(reason) });
    expect(r.message).toContain(field);
    expect((await controller.getState()).run).toBeNull();
  });

  it.each(attacks)('validateScenario reports %s for the editor', async (_what, make, field, reason) => {
    const v = await validate({ ...make(), ...SHORT });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors).toContainEqual({ field, reason: expect.stringMatching(reason) });
  });

  it('a sweep whose second value is not allowed starts not even its first run', async () => {
    const m = marker('sweep');
    const r = await startRun(
      { target: redis(), ...SHORT },
      { repeat: 1, sweeps: [{ setting: 'env.NODE_OPTIONS', values: ['--no-warnings', importAttack(m)] }] },
    );
    expect(r).toMatchObject({ ok: false, errors: [{ field: 'env.NODE_OPTIONS', reason: expect.stringMatching(/loads code/) }] });
    expect((await controller.getState()).run).toBeNull();
  });

  it('Run.execute refuses by itself: the run fails with the reason and no child process is started', async () => {
    const m = marker('orchestrator');
    const run = new Run(parseScenario({ target: redis(), ...SHORT, env: { NODE_OPTIONS: importAttack(m) } }));
    const logs: LogEntry[] = [];
    run.on('log', (l: LogEntry) => logs.push(l));
    const summary = await run.execute();
    expect(summary.status).toBe('failed');
    expect(logs.find((l) => l.level === 'error')?.message).toMatch(/env\.NODE_OPTIONS: --import=data:\S+: loads code into the worker/);
    expect(run.workerPids).toEqual([]);
    expect(run.monitorPid).toBeUndefined();
  });

  it('none of the refused scenarios ran code or wrote outside', async () => {
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    expect([...new Set(markers)].filter((m) => existsSync(m))).toEqual([]);
    expect(readdirSync(sb.outside)).toEqual(['evil.jar']);
  });

  it('accepts what is allowed: tuning variables, the Node kvscope runs on, a folder once listed in config.json', async () => {
    const scenario = {
      target: { kind: 'builtin-kv', dataPath: join(sb.allowed, 'kv') },
      env: { UV_THREADPOOL_SIZE: '8', NODE_OPTIONS: '--max-old-space-size=256' },
      node: process.execPath,
    };
    expect(await validate(scenario)).toEqual({
      ok: false,
      errors: [{ field: 'target.dataPath', reason: expect.stringContaining('allowedFolders') }],
    });
    sb.allow();
    expect(await validate(scenario)).toEqual({ ok: true });
  });
});
