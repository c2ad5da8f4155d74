import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../app/scenario/schema';
import { admitScenario } from '../../main/policy/admit';
import { checkPathSettings } from '../../main/policy/folders';
import { isInside, whereItLeads } from '../../main/policy/real-path';

describe("target.dataPath, target.sinkDir, target.jar: only under kvscope's folders or allowed ones", () => {
  const root = mkdtempSync(join(tmpdir(), 'kvscope-policy-folders-'));
  const dir = (...p: string[]): string => {
    const d = join(root, ...p);
    mkdirSync(d, { recursive: true });
    return d;
  };
  const config = dir('config');
  const env = { KVSCOPE_CONFIG_DIR: config, XDG_DATA_HOME: dir('data'), XDG_CACHE_HOME: dir('cache'), KVSCOPE_RUNS: join(root, 'runs') };
  const allowed = dir('allowed');
  const outside = dir('outside');
  const allow = (folders: unknown) => writeFileSync(join(config, 'config.json'), JSON.stringify({ allowedFolders: folders }));
  const kv = (dataPath: string) => checkPathSettings({ ...parseScenario({ target: { kind: 'builtin-kv', dataPath } }).target }, env);
  const jar = (path: string) => checkPathSettings(parseScenario({ target: { kind: 'hazelcast', jar: path } }).target, env);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("accepts kvscope's data, runs and cache folders without any config", () => {
    expect(kv(join(root, 'data', 'kvscope', 'kv'))).toEqual([]);
    expect(kv(join(root, 'runs', 'kv'))).toEqual([]);
    writeFileSync(join(root, 'cache', 'hazelcast-5.7.0.jar'), '');
    mkdirSync(join(root, 'cache', 'kvscope'), { recursive: true });
    writeFileSync(join(root, 'cache', 'kvscope', 'hazelcast-5.7.0.jar'), '');
    expect(jar(join(root, 'cache', 'kvscope', 'hazelcast-5.7.0.jar'))).toEqual([]);
    // The cache's parent is not kvscope's.
    expect(jar(join(root, 'cache', 'hazelcast-5.7.0.jar'))[0].reason).toMatch(/is outside the folders kvscope may use/);
  });

  it('refuses other folders, naming the config file to list them in; accepts them once listed', () => {
    const errors = kv(join(allowed, 'kv'));
    expect(errors).toEqual([{ field: 'target.dataPath', reason: expect.stringContaining(`is outside the folders kvscope may use`) }]);
    expect(errors[0].reason).toContain(`"allowedFolders" in ${join(config, 'config.json')}`);
    allow([allowed]);
    expect(kv(join(allowed, 'kv'))).toEqual([]);
    expect(kv(allowed)).toEqual([]);
  });

  it('resolves .. and symlinks: a way out of an allowed folder is still outside', () => {
    allow([allowed]);
    symlinkSync(outside, join(allowed, 'out'));
    expect(kv(`${allowed}/../outside/kv`)[0].reason).toMatch(/is outside/);
    expect(kv(join(allowed, 'out', 'kv'))[0].reason).toMatch(
      new RegExp(`is outside the folders kvscope may use \\(it leads to ${whereItLeads(outside)}/kv\\)`),
    );
    // `..` after a symlink: the kernel goes up from the link's target, a lexical reading does not; both must stay inside.
    dir('outside', 'deeper');
    symlinkSync(join(outside, 'deeper'), join(allowed, 'deep'));
    expect(kv(`${allowed}/deep/../kv`)[0].reason).toMatch(/is outside/);
    symlinkSync(join(root, 'nowhere'), join(allowed, 'dangling'));
    expect(kv(join(allowed, 'dangling', 'kv'))[0].reason).toMatch(/symbolic link to nothing/);
  });

  it('refuses relative paths, and anything inside the config folder even under an allowed folder', () => {
    expect(kv('kv-data')[0].reason).toMatch(/must be an absolute path/);
    allow([root]);
    expect(kv(join(config, 'sub'))[0].reason).toMatch(/inside kvscope's config folder/);
    allow([allowed]);
  });

  it('a jar: a .jar file, one class path entry', () => {
    allow([allowed]);
    writeFileSync(join(allowed, 'hz.jar'), '');
    expect(jar(join(allowed, 'hz.jar'))).toEqual([]);
    expect(jar(join(allowed, 'hz.zip'))[0].reason).toBe('must name a .jar file');
    expect(jar(`${join(allowed, 'hz.jar')}:/tmp/evil.jar`)[0].reason).toMatch(/must not contain ":"/);
    expect(jar(`${allowed}/*.jar`)[0].reason).toMatch(/must not contain "\*"/);
    mkdirSync(join(allowed, 'classes.jar'));
    expect(jar(join(allowed, 'classes.jar'))[0].reason).toMatch(/is not a file/);
  });

  it('names an invalid config.json, and a missing one means no extra folders', () => {
    writeFileSync(join(config, 'config.json'), '{"allowedFolders": ["relative/path"]}');
    expect(kv(join(allowed, 'kv'))[0].reason).toBe(`${join(config, 'config.json')}: allowedFolders.0: must be an absolute path`);
    writeFileSync(join(config, 'config.json'), 'not json');
    expect(kv(join(allowed, 'kv'))[0].reason).toMatch(/config\.json: not valid JSON/);
    rmSync(join(config, 'config.json'));
    expect(kv(join(allowed, 'kv'))[0].reason).toMatch(/is outside/);
  });

  it('admitScenario collects every field: node, env and paths', () => {
    const s = parseScenario({
      target: { kind: 'aerospike', sink: 'file', sinkDir: outside },
      node: '/bin/sh',
      env: { LD_PRELOAD: 'x' },
      mix: { scan: 1 },
    });
    expect(admitScenario(s, env).map((e) => e.field)).toEqual(['node', 'env.LD_PRELOAD', 'target.sinkDir']);
    expect(admitScenario(parseScenario({ target: { kind: 'redis' } }), env)).toEqual([]);
  });

  it('isInside compares whole path segments', () => {
    expect(isInside('/a/b', '/a/b')).toBe(true);
    expect(isInside('/a/b', '/a/b/c')).toBe(true);
    expect(isInside('/a/b', '/a/bc')).toBe(false);
    expect(isInside('/a/b', '/a')).toBe(false);
    expect(isInside('/a/b', '/a/b/..c')).toBe(true);
  });
});
