import { describe, expect, it } from 'vitest';
import { findScenario } from '../../app/scenario/catalog';
import { applyOverrides, parseAssignment } from '../../app/scenario/overrides';
import { parseScenario, runSeconds, TOTAL_OPS_TIME_LIMIT_SECONDS, validateScenario } from '../../app/scenario/schema';

describe('parseAssignment', () => {
  it('splits a dotted path', () => {
    expect(parseAssignment('target.mode=cluster')).toEqual({ path: ['target', 'mode'], value: 'cluster' });
    expect(parseAssignment('a.b.c=1').path).toEqual(['a', 'b', 'c']);
  });

  it('reads JSON values as JSON', () => {
    expect(parseAssignment('durationSeconds=30').value).toBe(30);
    expect(parseAssignment('mix.get=0.9').value).toBe(0.9);
    expect(parseAssignment('target.external=true').value).toBe(true);
    expect(parseAssignment('x=null').value).toBeNull();
    expect(parseAssignment('x=[1,2]').value).toEqual([1, 2]);
    expect(parseAssignment('mix={"get":1}').value).toEqual({ get: 1 });
  });

  it('keeps anything that is not JSON as a string', () => {
    expect(parseAssignment('target.host=redis.local').value).toBe('redis.local');
    expect(parseAssignment('name=kv async').value).toBe('kv async');
    expect(parseAssignment('env.FOO=').value).toBe('');
    // a JSON string literal forces text even for digits
    expect(parseAssignment('name="42"').value).toBe('42');
    expect(parseAssignment('name=42').value).toBe(42);
  });

  it('splits at the first = only', () => {
    expect(parseAssignment('env.OPTS=a=b=c')).toEqual({ path: ['env', 'OPTS'], value: 'a=b=c' });
  });

  it('rejects a missing = or an empty key', () => {
    expect(() => parseAssignment('durationSeconds')).toThrow(/key=value/);
    expect(() => parseAssignment('=5')).toThrow(/key=value/);
    expect(() => parseAssignment('')).toThrow(/key=value/);
  });

  it('rejects empty path segments', () => {
    expect(() => parseAssignment('a..b=1')).toThrow(/invalid key/);
    expect(() => parseAssignment('.a=1')).toThrow(/invalid key/);
    expect(() => parseAssignment('a.=1')).toThrow(/invalid key/);
  });

  it('rejects __proto__, constructor and prototype anywhere in the path', () => {
    for (const a of [
      '__proto__.polluted=1',
      'target.__proto__.polluted=1',
      'constructor.prototype.polluted=1',
      'a.prototype=1',
      '__proto__=1',
    ]) {
      expect(() => parseAssignment(a), a).toThrow(/invalid key/);
    }
  });
});

describe('applyOverrides', () => {
  it('sets top-level and nested values', () => {
    const out = applyOverrides({ target: { kind: 'builtin-kv', mode: 'async' }, workers: 1 }, ['workers=4', 'target.mode=cluster']);
    expect(out).toEqual({ target: { kind: 'builtin-kv', mode: 'cluster' }, workers: 4 });
  });

  it('creates missing intermediate objects', () => {
    expect(applyOverrides({}, ['a.b.c=1'])).toEqual({ a: { b: { c: 1 } } });
    expect(applyOverrides({ target: { kind: 'redis' } }, ['mix.get=0.9', 'mix.set=0.1'])).toEqual({
      target: { kind: 'redis' },
      mix: { get: 0.9, set: 0.1 },
    });
  });

  it('replaces a non-object on the way with an object', () => {
    expect(applyOverrides({ a: 5 }, ['a.b=1'])).toEqual({ a: { b: 1 } });
    expect(applyOverrides({ a: [1, 2] }, ['a.b=1'])).toEqual({ a: { b: 1 } });
    expect(applyOverrides({ a: null }, ['a.b=1'])).toEqual({ a: { b: 1 } });
  });

  it('applies assignments in order (the last one wins)', () => {
    expect(applyOverrides({}, ['workers=2', 'workers=3'])).toEqual({ workers: 3 });
  });

  it('does not mutate the input, not even nested objects', () => {
    const input = { target: { kind: 'redis', port: 6379 }, mix: { get: 0.5, set: 0.5 }, workers: 1 };
    const before = structuredClone(input);
    const out = applyOverrides(input, ['target.port=7000', 'mix.get=0.9', 'workers=2', 'env.X=1']);
    expect(input).toEqual(before);
    expect(out.target).not.toBe(input.target);
    (out.mix as Record<string, number>).set = 99;
    expect(input.mix.set).toBe(0.5);
  });

  it('does not pollute Object.prototype when given a forbidden key', () => {
    expect(() => applyOverrides({}, ['__proto__.polluted=yes'])).toThrow(/invalid key/);
    expect(() => applyOverrides({}, ['constructor.prototype.polluted=yes'])).toThrow(/invalid key/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('feeds validation: a catalog scenario with overrides, and a bad override reported as a field error', () => {
    const s = parseScenario(
      applyOverrides(findScenario('kv-async') as Record<string, unknown>, ['durationSeconds=30', 'target.mode=cluster']),
    );
    expect(s.durationSeconds).toBe(30);
    expect(s.target).toMatchObject({ kind: 'builtin-kv', mode: 'cluster' });

    const bad = validateScenario(applyOverrides(findScenario('kv-async') as Record<string, unknown>, ['workers=0', 'target.mode=turbo']));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((e) => e.field).sort()).toEqual(['target.mode', 'workers']);

    // A dotted path that is not a setting is named as unknown.
    const unknown = validateScenario(applyOverrides(findScenario('kv-async') as Record<string, unknown>, ['duration.seconds=10']));
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.errors.map((e) => e.field)).toEqual(['duration']);
  });

  it("runs a count set on the command line to its count: the scenario's own duration gives way, one set beside it stays as the limit", () => {
    const base = findScenario('kv-async') as Record<string, unknown>;
    expect(base.durationSeconds).toBeDefined();
    const counted = parseScenario(applyOverrides(base, ['totalOps=4000']));
    expect(counted.totalOps).toBe(4000);
    expect(counted.durationSeconds).toBeUndefined();
    expect(runSeconds(counted)).toBe(TOTAL_OPS_TIME_LIMIT_SECONDS);
    // Either order: the user's duration beside the count is its time limit.
    for (const sets of [
      ['totalOps=4000', 'durationSeconds=5'],
      ['durationSeconds=5', 'totalOps=4000'],
    ])
      expect(runSeconds(parseScenario(applyOverrides(base, sets)))).toBe(5);
    // Without a count, the scenario's duration is untouched; the input itself never is.
    expect(parseScenario(applyOverrides(base, ['workers=2'])).durationSeconds).toBe(base.durationSeconds);
    expect(base.durationSeconds).toBeDefined();
  });
});
