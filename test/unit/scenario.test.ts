import { describe, expect, it } from 'vitest';
import { CATALOG, findScenario } from '../../app/scenario/catalog';
import {
  opWeights,
  parseScenario,
  runSeconds,
  ScenarioError,
  shareOf,
  validateScenario,
  type FieldError,
  type Scenario,
} from '../../app/scenario/schema';
import { redactTarget, TARGET_OPS, WRITE_OPS, type Target } from '../../app/scenario/targets';

function errorsOf(input: unknown): FieldError[] {
  const v = validateScenario(input);
  if (v.ok) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return v.errors;
}

function fields(input: unknown): string[] {
  return errorsOf(input)
    .map((e) => e.field)
    .sort();
}

describe('catalog', () => {
  it.each(CATALOG.map((c) => [c.name, c] as const))('%s validates', (_name, entry) => {
    const v = validateScenario(entry);
    expect(v.ok ? [] : v.errors).toEqual([]);
  });

  it('has unique names and findScenario finds each one', () => {
    const names = CATALOG.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(findScenario(n as string)?.name).toBe(n);
    expect(findScenario('no-such-scenario')).toBeUndefined();
  });

  it('findScenario returns a copy: changing it leaves the catalog alone', () => {
    const s = findScenario('kv-async')!;
    (s.target as { nTimes?: number }).nTimes = 999;
    s.workers = 63;
    const again = findScenario('kv-async')!;
    expect((again.target as { nTimes?: number }).nTimes).toBe(30);
    expect(again.workers).toBe(8);
  });

  it.each([
    ['kv-async', 'async'],
    ['kv-cluster', 'cluster'],
  ])('%s carries the seed benchmark defaults', (name, mode) => {
    const s = parseScenario(findScenario(name));
    expect(s.target.kind).toBe('builtin-kv');
    if (s.target.kind !== 'builtin-kv') return;
    expect(s.target.mode).toBe(mode);
    expect(s.readsPerWrite).toBe(3);
    expect(s.mix).toBeUndefined();
    expect(s.valueSize).toBe(2000);
    expect(s.keyLength).toBe(10);
    expect(s.keySpace).toBe(1000);
    expect(s.target.servers).toBe(2);
    expect(s.workers).toBe(8);
    expect(s.target.nTimes).toBe(30);
  });
});

describe('defaults', () => {
  it('fills every defaulted field of a minimal redis scenario', () => {
    const s = parseScenario({ target: { kind: 'redis' } });
    expect(s.name).toBe('custom');
    expect(s.description).toBe('');
    expect(s.env).toEqual({});
    expect(s.node).toBe('system');
    // Every numeric setting present, and within its own documented range.
    for (const k of ['keySpace', 'keyLength', 'valueSize', 'workers', 'inFlight', 'warmupSeconds', 'opTimeoutMs', 'seed'] as const) {
      expect(typeof s[k], k).toBe('number');
      expect(Number.isInteger(s[k]), k).toBe(true);
    }
    expect(s.workers).toBeGreaterThanOrEqual(1);
    expect(s.inFlight).toBeGreaterThanOrEqual(1);
    // The default key length must be able to name the default key space.
    expect(26 ** s.keyLength).toBeGreaterThanOrEqual(s.keySpace);
    // Optional settings stay absent.
    expect(s.mix).toBeUndefined();
    expect(s.readsPerWrite).toBeUndefined();
    expect(s.durationSeconds).toBeUndefined();
    expect(s.totalOps).toBeUndefined();
    expect(s.rate).toBeUndefined();
    expect(s.target).toMatchObject({ kind: 'redis', host: '127.0.0.1', port: 6379, db: 0, autoPipelining: false });
    if (s.target.kind === 'redis') {
      expect(s.target.connections).toBeGreaterThanOrEqual(1);
      expect(s.target.password).toBeUndefined();
    }
  });

  it('fills builtin target defaults (port 0 = a free port, started by kvscope)', () => {
    const kv = parseScenario({ target: { kind: 'builtin-kv' } });
    expect(kv.target).toMatchObject({ kind: 'builtin-kv', mode: 'async', host: '127.0.0.1', port: 0, external: false });
    const file = parseScenario({ target: { kind: 'builtin-file' } });
    expect(file.target).toMatchObject({ kind: 'builtin-file', host: '127.0.0.1', port: 0, external: false });
  });

  it('never overwrites a given value with a default', () => {
    const s = parseScenario({ name: 'x', target: { kind: 'redis', port: 7000 }, workers: 5, keySpace: 10, keyLength: 3, seed: 0 });
    expect(s.name).toBe('x');
    expect(s.workers).toBe(5);
    expect(s.keySpace).toBe(10);
    expect(s.keyLength).toBe(3);
    expect(s.seed).toBe(0);
    expect(s.target).toMatchObject({ port: 7000 });
  });

  it('is idempotent: a validated scenario validates to itself', () => {
    for (const entry of CATALOG) {
      const once = parseScenario(entry);
      expect(parseScenario(structuredClone(once))).toEqual(once);
    }
  });
});

describe('rejection', () => {
  it('names every bad field with its reason at once', () => {
    const errors = errorsOf({
      target: { kind: 'builtin-kv' },
      workers: 0,
      valueSize: -1,
      wrokers: 3,
      mix: { delete: 1 },
    });
    expect(errors).toHaveLength(4);
    expect(errors.map((e) => e.field).sort()).toEqual(['mix.delete', 'valueSize', 'workers', 'wrokers']);
    for (const e of errors) expect(e.reason.length, e.field).toBeGreaterThan(0);
    const reason = Object.fromEntries(errors.map((e) => [e.field, e.reason]));
    expect(reason.wrokers).toMatch(/unknown/);
    expect(reason['mix.delete']).toMatch(/unknown operation/);
    // The reason for an unknown op lists the ones that exist.
    for (const op of TARGET_OPS['builtin-kv']) expect(reason['mix.delete']).toContain(op);
  });

  it('parseScenario throws a ScenarioError listing each field', () => {
    let caught: unknown;
    try {
      parseScenario({ target: { kind: 'redis' }, workers: 0, inFlight: 0 });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ScenarioError);
    const err = caught as ScenarioError;
    expect(err.errors.map((e) => e.field).sort()).toEqual(['inFlight', 'workers']);
    expect(err.message).toContain('workers');
    expect(err.message).toContain('inFlight');
  });

  it('names an unknown key inside the target', () => {
    expect(fields({ target: { kind: 'redis', hots: 'x' } })).toEqual(['target.hots']);
  });

  it('rejects mix and readsPerWrite together', () => {
    const errors = errorsOf({ target: { kind: 'builtin-kv' }, mix: { get: 1, put: 1 }, readsPerWrite: 3 });
    expect(errors).toHaveLength(1);
    expect(errors[0].field).toBe('readsPerWrite');
    expect(errors[0].reason).toMatch(/mix/);
    // each alone is fine
    expect(validateScenario({ target: { kind: 'builtin-kv' }, mix: { get: 1, put: 1 } }).ok).toBe(true);
    expect(validateScenario({ target: { kind: 'builtin-kv' }, readsPerWrite: 3 }).ok).toBe(true);
  });

  it('rejects readsPerWrite for a target without a write op', () => {
    expect(fields({ target: { kind: 'builtin-file' }, readsPerWrite: 3 })).toEqual(['readsPerWrite']);
  });

  it('rejects a mix whose weights add up to 0', () => {
    expect(fields({ target: { kind: 'redis' }, mix: { get: 0, set: 0 } })).toEqual(['mix']);
    // A negative weight is named (the sum check may name 'mix' as well).
    expect(fields({ target: { kind: 'redis' }, mix: { get: -1, set: 2 } })).toEqual(['mix.get']);
    expect(fields({ target: { kind: 'redis' }, mix: { get: -1 } })).toContain('mix.get');
  });

  it('rejects a keyLength too short for the keySpace, at the exact 26^n boundary', () => {
    // 2 letters name 26^2 = 676 keys.
    expect(validateScenario({ target: { kind: 'redis' }, keyLength: 2, keySpace: 676 }).ok).toBe(true);
    const errors = errorsOf({ target: { kind: 'redis' }, keyLength: 2, keySpace: 677 });
    expect(errors.map((e) => e.field)).toEqual(['keyLength']);
    expect(errors[0].reason).toContain('677');
    expect(fields({ target: { kind: 'redis' }, keyLength: 1, keySpace: 27 })).toEqual(['keyLength']);
  });

  it('rejects a rate below one op/s per worker', () => {
    expect(validateScenario({ target: { kind: 'redis' }, workers: 4, rate: 4 }).ok).toBe(true);
    expect(fields({ target: { kind: 'redis' }, workers: 4, rate: 3.5 })).toEqual(['rate']);
    // Not positive: only 'rate' is named (possibly with more than one reason).
    expect(new Set(fields({ target: { kind: 'redis' }, rate: 0 }))).toEqual(new Set(['rate']));
  });

  it('rejects an unknown target kind naming target.kind', () => {
    const errors = errorsOf({ target: { kind: 'memcached' } });
    expect(errors.map((e) => e.field)).toEqual(['target.kind']);
    expect(errors[0].reason.length).toBeGreaterThan(0);
  });

  it('rejects a missing target and a non-object scenario without throwing', () => {
    expect(fields({})).toEqual(['target']);
    expect(errorsOf(null)).toHaveLength(1);
    expect(errorsOf('kv-async')).toHaveLength(1);
  });

  it.each([
    ['__proto__', '{"x":1}', /prototype|JavaScript object/],
    ['constructor', '"1"', /JavaScript object/],
    ['toString', '"1"', /JavaScript object/],
    ['A=B', '"1"', /not an environment variable name/],
    ['', '"1"', /must not be empty/],
  ])('refuses the env key %j, as JSON gives it (an own key), naming the field and why', (key, value, reason) => {
    const input: unknown = JSON.parse(`{"target":{"kind":"redis"},"env":{${JSON.stringify(key)}:${value},"UV_THREADPOOL_SIZE":"8"}}`);
    expect(Object.keys((input as { env: object }).env)).toContain(key);
    expect(errorsOf(input)).toEqual([{ field: `env.${key}`, reason: expect.stringMatching(reason) as string }]);
  });

  it('rejects a bad env name and non-integer counts', () => {
    expect(fields({ target: { kind: 'redis' }, env: { 'BAD-NAME': 'x' } })).toEqual(['env.BAD-NAME']);
    expect(fields({ target: { kind: 'redis' }, workers: 1.5 })).toEqual(['workers']);
  });
});

describe('opWeights', () => {
  const sum = (w: Record<string, number>) => Object.values(w).reduce((a, b) => a + b, 0);

  it('normalises a mix', () => {
    const w = opWeights(parseScenario({ target: { kind: 'builtin-kv' }, mix: { get: 3, put: 1 } }));
    expect(w.get).toBeCloseTo(0.75, 12);
    expect(w.put).toBeCloseTo(0.25, 12);
    expect(sum(w)).toBeCloseTo(1, 12);
  });

  it('drops ops with weight 0', () => {
    const w = opWeights(parseScenario({ target: { kind: 'redis' }, mix: { get: 2, set: 0 } }));
    expect(w).toEqual({ get: 1 });
  });

  it('turns readsPerWrite 3 into get 0.75 / write 0.25', () => {
    const kv = opWeights(parseScenario({ target: { kind: 'builtin-kv' }, readsPerWrite: 3 }));
    expect(kv.get).toBeCloseTo(0.75, 12);
    expect(kv.put).toBeCloseTo(0.25, 12);
    const redis = opWeights(parseScenario({ target: { kind: 'redis' }, readsPerWrite: 3 }));
    expect(redis.get).toBeCloseTo(0.75, 12);
    expect(redis.set).toBeCloseTo(0.25, 12);
  });

  it('readsPerWrite 0 is writes only', () => {
    expect(opWeights(parseScenario({ target: { kind: 'builtin-kv' }, readsPerWrite: 0 }))).toEqual({ put: 1 });
  });

  it('defaults to every op of the target equally, but those only a mix may name', () => {
    for (const kind of ['builtin-kv', 'builtin-file', 'redis'] as const) {
      const w = opWeights(parseScenario({ target: { kind } }));
      const ops = TARGET_OPS[kind].filter((op) => op !== 'rmw');
      expect(Object.keys(w).sort()).toEqual([...ops].sort());
      for (const op of ops) expect(w[op]).toBeCloseTo(1 / ops.length, 12);
    }
  });
});

describe('runSeconds', () => {
  const base = { target: { kind: 'redis' } } as const;
  it('is durationSeconds when given', () => {
    expect(runSeconds(parseScenario({ ...base, durationSeconds: 42 }))).toBe(42);
    expect(runSeconds(parseScenario({ ...base, durationSeconds: 42, totalOps: 1000 }))).toBe(42);
  });
  it('is 10 seconds by default', () => {
    expect(runSeconds(parseScenario(base))).toBe(10);
  });
  it('is a day when only totalOps bounds the run', () => {
    expect(runSeconds(parseScenario({ ...base, totalOps: 1000 }))).toBe(24 * 3600);
  });
});

describe('shareOf', () => {
  it('splits a total so shares sum to it and differ by at most 1', () => {
    for (const total of [0, 1, 2, 7, 10, 99, 100, 101, 1_000_003]) {
      for (const workers of [1, 2, 3, 4, 7, 8, 64]) {
        const shares = Array.from({ length: workers }, (_, w) => shareOf(total, w, workers));
        expect(
          shares.reduce((a, b) => a + b, 0),
          `${total}/${workers}`,
        ).toBe(total);
        expect(Math.max(...shares) - Math.min(...shares), `${total}/${workers}`).toBeLessThanOrEqual(1);
        for (const s of shares) expect(Number.isInteger(s) && s >= 0).toBe(true);
      }
    }
  });
});

describe('redactTarget', () => {
  it('masks a redis password and leaves the original alone', () => {
    const s: Scenario = parseScenario({ target: { kind: 'redis', password: 'hunter2-secret' } });
    const r = redactTarget(s.target);
    expect(JSON.stringify(r)).not.toContain('hunter2-secret');
    expect((r as { password?: string }).password).toBeDefined();
    expect((s.target as { password?: string }).password).toBe('hunter2-secret');
    const { password: _a, ...restR } = r as Target & { password?: string };
    const { password: _b, ...restS } = s.target as Target & { password?: string };
    expect(restR).toEqual(restS);
  });

  it('adds no password to a target without one', () => {
    const t = parseScenario({ target: { kind: 'redis' } }).target;
    expect('password' in redactTarget(t) && (redactTarget(t) as { password?: unknown }).password !== undefined).toBe(false);
    expect(redactTarget(t)).toEqual(t);
  });
});

describe('read-modify-write', () => {
  it('runs only when the mix names it, and counts as a write', () => {
    for (const kind of ['redis', 'hazelcast', 'aerospike'] as const) {
      const plain = parseScenario({ target: { kind } });
      expect(Object.keys(opWeights(plain))).not.toContain('rmw');
      const f = parseScenario({ target: { kind }, mix: { get: 1, rmw: 1 } });
      expect(opWeights(f)).toEqual({ get: 0.5, rmw: 0.5 });
      expect(WRITE_OPS[kind]).toContain('rmw');
    }
    expect(() => parseScenario({ target: { kind: 'builtin-kv' }, mix: { rmw: 1 } })).toThrow(/mix\.rmw.*unknown operation for builtin-kv/);
  });
});
