import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserScenarios } from '../../main/library/user-scenarios';

const mine = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: 'mine',
  target: { kind: 'redis', port: 6390 },
  mix: { get: 1 },
  durationSeconds: 3,
  ...extra,
});

describe('saved scenarios', () => {
  let root: string;
  let dir: string;
  let saved: UserScenarios;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'kvscope-saved-'));
    dir = join(root, 'scenarios');
    saved = new UserScenarios(dir);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('keeps a scenario as NAME.json, lists and finds it; the list is empty when the folder is missing', () => {
    expect(saved.list()).toEqual({ scenarios: [], problems: [] });
    const r = saved.save(mine('redis-6390'), false);
    expect(r.ok).toBe(true);
    expect(readdirSync(dir)).toEqual(['redis-6390.json']);
    expect(JSON.parse(readFileSync(join(dir, 'redis-6390.json'), 'utf8'))).toEqual(mine('redis-6390'));
    expect(saved.list().scenarios.map((s) => s.name)).toEqual(['redis-6390']);
    expect(saved.find('redis-6390')).toEqual(mine('redis-6390'));
    expect(saved.find('nope')).toBeUndefined();
  });

  it('never writes a password', () => {
    expect(saved.save(mine('pw', { target: { kind: 'redis', password: 'hunter2' } }), false).ok).toBe(true);
    expect(readFileSync(join(dir, 'pw.json'), 'utf8')).not.toContain('hunter2');
  });

  it('refuses bad names, built-in names, an existing name unless replacing, and an invalid scenario, naming the field', () => {
    const field = (r: ReturnType<UserScenarios['save']>) => (r.ok ? null : r.errors[0]);
    expect(field(saved.save(mine('../escape'), false))).toEqual({ field: 'name', reason: expect.stringContaining('letters, digits') });
    expect(field(saved.save(mine('.hidden'), false))?.field).toBe('name');
    expect(field(saved.save(mine('redis-mix'), false))?.reason).toMatch(/built-in scenario has this name/);
    expect(saved.save(mine('a'), false).ok).toBe(true);
    expect(field(saved.save(mine('a', { durationSeconds: 9 }), false))?.reason).toMatch(/a saved scenario has this name/);
    expect(saved.save(mine('a', { durationSeconds: 9 }), true).ok).toBe(true);
    expect(saved.find('a')).toMatchObject({ durationSeconds: 9 });
    expect(field(saved.save(mine('b', { workers: 0 }), false))?.field).toBe('workers');
    expect(readdirSync(dir)).toEqual(['a.json']);
  });

  it('renames (refusing a taken name) and deletes', () => {
    saved.save(mine('a'), false);
    saved.save(mine('b'), false);
    const taken = saved.rename('a', 'b');
    expect(taken.ok).toBe(false);
    const r = saved.rename('a', 'c');
    expect(r.ok && r.list.scenarios.map((s) => s.name)).toEqual(['b', 'c']);
    expect(saved.find('c')).toMatchObject({ name: 'c', durationSeconds: 3 });
    expect(saved.remove('b').scenarios.map((s) => s.name)).toEqual(['c']);
    expect(readdirSync(dir)).toEqual(['c.json']);
  });

  it('imports a scenario file under the name it carries; refuses what is not JSON or not a scenario', () => {
    expect(saved.import(JSON.stringify(mine('imported'))).ok).toBe(true);
    expect(saved.find('imported')).toMatchObject({ description: 'mine' });
    const notJson = saved.import('{ nope');
    expect(!notJson.ok && notJson.errors[0].reason).toMatch(/not valid JSON/);
    const notScenario = saved.import(JSON.stringify({ name: 'x', target: { kind: 'mystery' } }));
    expect(notScenario.ok).toBe(false);
  });

  it('lists a broken file as a problem without losing the good ones; a run by its name says why it cannot', () => {
    saved.save(mine('good'), false);
    writeFileSync(join(dir, 'broken.json'), '{"name": "broken", "workers": 0');
    writeFileSync(join(dir, 'bad name.json'), JSON.stringify(mine('x')));
    const list = saved.list();
    expect(list.scenarios.map((s) => s.name)).toEqual(['good']);
    expect(list.problems).toEqual([expect.stringMatching(/^bad name\.json: the file name/), expect.stringMatching(/^broken\.json: /)]);
    expect(typeof saved.find('broken')).toBe('string');
  });
});

describe('saved-scenario requests from a window', () => {
  it('refuse a name that could leave the scenarios folder before any handler runs', async () => {
    const { dispatchRequest } = await import('../../app/protocol/bridge');
    const called: string[] = [];
    const handlers = new Proxy({}, { get: (_t, k) => async () => void called.push(String(k)) });
    for (const name of ['../x', '/etc/passwd', '.hidden', 'a/b'])
      await expect(dispatchRequest(handlers as never, 'deleteScenario', { name })).rejects.toThrow(/deleteScenario: name/);
    await expect(dispatchRequest(handlers as never, 'renameScenario', { from: '..', to: 'x' })).rejects.toThrow(/renameScenario: from/);
    expect(called).toEqual([]);
  });
});
