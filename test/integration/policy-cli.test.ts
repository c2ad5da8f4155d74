import { existsSync, readdirSync, readFileSync, symlinkSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../workers/local/free-port';
import { startAerospikeNode, type AerospikeTestNode } from '../helpers/aerospike-node';
import { startCli } from '../helpers/cli';
import { fakeNode, importAttack, kvscope, preloadLibrary, requireScript, sandbox, sandboxWithRedis, scenarioFile } from './policy-fixtures';

const EXIT_USAGE = 2;
/** Short runs: the refused ones never start, the allowed ones only need to finish. */
const SHORT = { warmupSeconds: 0, durationSeconds: 1 };
const SHORT_SETS = ['--set', 'warmupSeconds=0', '--set', 'durationSeconds=1'];

describe('kvscope run refuses scenarios that would run other code or write elsewhere (exit 2, field and reason)', () => {
  const sb = sandbox();
  let refusedPort: number;
  /** A redis target nobody listens on: a run that got as far as its workers would fail, not hang. */
  const target = () => ({ kind: 'redis', port: refusedPort });
  beforeAll(async () => {
    refusedPort = await freePort();
  });
  afterAll(() => sb.cleanup());

  it('NODE_OPTIONS=--import=data:... (code writing a marker)', () => {
    const marker = sb.marker('import');
    const file = scenarioFile(sb, 'import', { target: target(), ...SHORT, env: { NODE_OPTIONS: importAttack(marker) } });
    const r = kvscope(sb, ['run', file]);
    expect(r.status).toBe(EXIT_USAGE);
    expect(r.stderr).toMatch(/env\.NODE_OPTIONS: --import=data:text\/javascript,\S*: loads code into the worker; not allowed/);
    expect(existsSync(marker)).toBe(false);
  });

  it('NODE_OPTIONS=--require /path/x.js, given with --set', () => {
    const marker = sb.marker('require');
    const script = requireScript(sb.root, marker);
    const r = kvscope(sb, [
      'run',
      'redis-mix',
      '--set',
      `target.port=${refusedPort}`,
      ...SHORT_SETS,
      '--set',
      `env.NODE_OPTIONS=--require ${script}`,
    ]);
    expect(r.status).toBe(EXIT_USAGE);
    expect(r.stderr).toContain('env.NODE_OPTIONS: --require: loads code into the worker; not allowed');
    expect(existsSync(marker)).toBe(false);
  });

  it('LD_PRELOAD of a library writing a marker', () => {
    const marker = sb.marker('preload');
    const lib = preloadLibrary(sb.root, marker);
    const r = kvscope(sb, ['run', 'redis-mix', '--set', `target.port=${refusedPort}`, ...SHORT_SETS, '--set', `env.LD_PRELOAD=${lib}`]);
    expect(r.status).toBe(EXIT_USAGE);
    expect(r.stderr).toContain('env.LD_PRELOAD: loads code into the worker; not allowed');
    expect(existsSync(marker)).toBe(false);
  });

  it('a variable that is not on the list, naming the list', () => {
    const r = kvscope(sb, ['run', 'redis-mix', '--set', `target.port=${refusedPort}`, '--set', 'env.FOO=yes']);
    expect(r.status).toBe(EXIT_USAGE);
    expect(r.stderr).toMatch(/env\.FOO: not on the list of allowed variables \(UV_THREADPOOL_SIZE, .*NODE_OPTIONS/);
  });

  it('node: a script writing a marker, and /bin/sh', () => {
    const marker = sb.marker('node');
    const fake = fakeNode(sb.root, marker);
    const r = kvscope(sb, ['run', scenarioFile(sb, 'node', { target: target(), ...SHORT, node: fake })]);
    expect(r.status).toBe(EXIT_USAGE);
    expect(r.stderr).toContain(`node: ${fake} is not a Node runtime kvscope knows`);
    expect(r.stderr).toContain(`kvscope runtimes add --path ${fake}`);
    expect(existsSync(marker)).toBe(false);
    const sh = kvscope(sb, ['run', 'redis-mix', '--set', `target.port=${refusedPort}`, '--set', 'node=/bin/sh']);
    expect(sh.status).toBe(EXIT_USAGE);
    expect(sh.stderr).toContain('node: /bin/sh is not a Node runtime kvscope knows');
  });

  it('every bad field of one scenario at once', () => {
    const r = kvscope(sb, [
      'run',
      scenarioFile(sb, 'several', { target: target(), node: 'sh', env: { LD_AUDIT: 'x', NODE_OPTIONS: '--inspect=0.0.0.0:9229' } }),
    ]);
    expect(r.status).toBe(EXIT_USAGE);
    expect(r.stderr).toMatch(/node: "sh" is not a runtime kvscope knows/);
    expect(r.stderr).toContain('env.LD_AUDIT: loads code into the worker; not allowed');
    expect(r.stderr).toContain('env.NODE_OPTIONS: --inspect=0.0.0.0:9229: opens a debugger port');
  });

  it('a swept value that is not allowed stops the sweep before any run', () => {
    const marker = sb.marker('sweep');
    const r = kvscope(sb, [
      'run',
      'redis-mix',
      '--set',
      `target.port=${refusedPort}`,
      ...SHORT_SETS,
      '--sweep',
      `env.NODE_OPTIONS=--no-warnings,${importAttack(marker)}`,
    ]);
    expect(r.status).toBe(EXIT_USAGE);
    expect(r.stderr).toContain('env.NODE_OPTIONS: --import=data:');
    expect(r.stdout).not.toContain('== run 1');
    expect(existsSync(marker)).toBe(false);
  });

  it('target.jar outside the allowed folders: java is never started', () => {
    const jar = join(sb.root, 'evil.jar');
    writeFileSync(jar, 'not really a jar');
    const r = kvscope(sb, ['run', 'hazelcast-get', '--set', 'target.localMembers=1', '--set', `target.jar=${jar}`, ...SHORT_SETS]);
    expect(r.status).toBe(EXIT_USAGE);
    expect(r.stderr).toContain(`target.jar: ${jar} is outside the folders kvscope may use`);
    expect(r.stdout).not.toContain('starting a local Hazelcast');
  });

  it('target.dataPath outside, through a symlink in an allowed folder, or with ..: nothing is created', () => {
    sb.allow();
    symlinkSync(sb.outside, join(sb.allowed, 'link'));
    const tries = [join(sb.outside, 'kv-direct'), join(sb.allowed, 'link', 'kv-link'), `${sb.allowed}/../outside/kv-dotdot`];
    for (const dataPath of tries) {
      const r = kvscope(sb, ['run', 'kv-async', '--set', `target.dataPath=${dataPath}`, ...SHORT_SETS]);
      expect(r.status).toBe(EXIT_USAGE);
      expect(r.stderr).toContain(`target.dataPath: ${dataPath} is outside the folders kvscope may use`);
    }
    expect(readdirSync(sb.outside)).toEqual([]);
  });

  it("target.dataPath inside kvscope's config folder, even when an allowed folder holds it", () => {
    writeFileSync(join(sb.configDir, 'config.json'), JSON.stringify({ allowedFolders: [sb.root] }));
    try {
      const r = kvscope(sb, ['run', 'kv-async', '--set', `target.dataPath=${join(sb.configDir, 'kv')}`, ...SHORT_SETS]);
      expect(r.status).toBe(EXIT_USAGE);
      expect(r.stderr).toContain("is inside kvscope's config folder");
      expect(existsSync(join(sb.configDir, 'kv'))).toBe(false);
    } finally {
      sb.allow();
    }
  });

  it('a config.json that is not valid is named', () => {
    const config = join(sb.configDir, 'config.json');
    writeFileSync(config, '{"allowedFolders": "not a list"');
    try {
      const r = kvscope(sb, ['run', 'kv-async', '--set', `target.dataPath=${join(sb.allowed, 'kv')}`]);
      expect(r.status).toBe(EXIT_USAGE);
      expect(r.stderr).toContain(`target.dataPath: ${config}: not valid JSON`);
    } finally {
      sb.allow();
    }
  });
});

describe('target.sinkDir outside the allowed folders, against the Aerospike test node', () => {
  const sb = sandbox();
  let node: AerospikeTestNode;
  let watcher: FSWatcher | undefined;
  beforeAll(async () => {
    node = await startAerospikeNode();
  });
  afterAll(async () => {
    watcher?.close();
    await node?.close();
    sb.cleanup();
  });

  it('is refused and no file appears there, even for a moment', async () => {
    const written: string[] = [];
    watcher = watch(sb.outside, (_event, name) => written.push(String(name)));
    const cli = startCli(
      [
        'run',
        'aerospike-scan-file',
        '--set',
        `target.hosts=${node.hosts}`,
        '--set',
        'target.prefill=200',
        '--set',
        `target.sinkDir=${sb.outside}`,
        ...SHORT_SETS,
      ],
      sb.env,
    );
    const { code } = await cli.exited;
    expect(code).toBe(EXIT_USAGE);
    expect(cli.output()).toContain(`target.sinkDir: ${sb.outside} is outside the folders kvscope may use`);
    expect(written).toEqual([]);
  });
});

describe('what is allowed still runs', () => {
  const { sb, port } = sandboxWithRedis();
  const redisRun = (...sets: string[]) =>
    kvscope(sb, ['run', 'redis-mix', '--set', `target.port=${port()}`, ...SHORT_SETS, ...sets.flatMap((s) => ['--set', s])]);

  it('env UV_THREADPOOL_SIZE and NODE_OPTIONS=--max-old-space-size=256, on the Node kvscope runs on', () => {
    // A JSON string: --set reads a bare 8 as a number, which env does not take.
    const r = redisRun('env.UV_THREADPOOL_SIZE="8"', 'env.NODE_OPTIONS=--max-old-space-size=256 --no-warnings', `node=${process.execPath}`);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    // The same variables, with values outside what they tune, are not.
    const bad = redisRun('env.UV_THREADPOOL_SIZE="0"', 'env.NODE_OPTIONS=--max-old-space-size=lots');
    expect(bad.status).toBe(EXIT_USAGE);
    expect(bad.stderr).toContain('env.UV_THREADPOOL_SIZE: must be a whole number from 1 to 1024');
    expect(bad.stderr).toContain('env.NODE_OPTIONS: --max-old-space-size=lots: the value must be a whole number');
  });

  it('a runtime added with `kvscope runtimes add --path`, until it is removed', () => {
    const used = sb.marker('wrapper-used');
    const wrapper = join(sb.root, 'node-wrapper');
    writeFileSync(wrapper, `#!/bin/sh\n[ "$1" = --version ] || echo used >> '${used}'\nexec '${process.execPath}' "$@"\n`, { mode: 0o755 });
    expect(redisRun(`node=${wrapper}`).status).toBe(EXIT_USAGE);

    const add = kvscope(sb, ['runtimes', 'add', '--path', wrapper]);
    expect(add.status, add.stdout + add.stderr).toBe(0);
    expect(add.stdout).toContain(process.version);
    expect(JSON.parse(readFileSync(join(sb.configDir, 'runtimes.json'), 'utf8')).runtimes).toEqual([
      { path: wrapper, version: process.version },
    ]);
    expect(kvscope(sb, ['runtimes', 'list']).stdout).toMatch(new RegExp(`${wrapper}\\s+${process.version.replace(/\./g, '\\.')}`));

    const run = redisRun(`node=${wrapper}`);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(existsSync(used)).toBe(true);

    expect(kvscope(sb, ['runtimes', 'remove', wrapper]).status).toBe(0);
    expect(redisRun(`node=${wrapper}`).status).toBe(EXIT_USAGE);
  });

  it('runtimes add refuses what is not a Node binary', () => {
    const r = kvscope(sb, ['runtimes', 'add', '--path', '/bin/sh']);
    expect(r.status).toBe(EXIT_USAGE);
    expect(r.stderr).toMatch(/\/bin\/sh/);
    expect(existsSync(join(sb.configDir, 'runtimes.json')) && readFileSync(join(sb.configDir, 'runtimes.json'), 'utf8')).not.toContain(
      '/bin/sh',
    );
  });

  it("a dataPath under an allowedFolders entry, and one under kvscope's data folder", () => {
    const listed = join(sb.allowed, 'kv');
    expect(kvscope(sb, ['run', 'kv-async', '--set', `target.dataPath=${listed}`, ...SHORT_SETS]).status).toBe(EXIT_USAGE);
    sb.allow();
    for (const dataPath of [listed, join(sb.dataDir, 'kv')]) {
      const r = kvscope(sb, ['run', 'kv-async', '--set', `target.dataPath=${dataPath}`, ...SHORT_SETS]);
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(readdirSync(dataPath).length).toBeGreaterThan(0);
    }
  });
});
