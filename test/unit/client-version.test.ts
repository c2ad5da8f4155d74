import { describe, expect, it } from 'vitest';
import { CATALOG_SWEEPS, findScenario } from '../../app/scenario/catalog';
import { UPGRADES } from '../../app/scenario/catalog-upgrades';
import { clientNotInstalledReason, KIND_CLIENT, missingClient, parseClientSpec, targetClient } from '../../app/scenario/client-version';
import { bundledVersion } from '../../main/config/client-cache';
import { parseScenario, validateScenario } from '../../app/scenario/schema';

describe('target.client: a package and an exact version in the supported range', () => {
  it('parses an exact version of the target kind’s own client', () => {
    expect(parseClientSpec('ioredis@4.28.5', 'ioredis')).toEqual({ pkg: 'ioredis', version: '4.28.5' });
    expect(parseClientSpec('aerospike@5.12.1')).toEqual({ pkg: 'aerospike', version: '5.12.1' });
    expect(parseClientSpec('hazelcast-client@5.6.0', 'hazelcast-client')).toEqual({ pkg: 'hazelcast-client', version: '5.6.0' });
  });

  it('refuses ranges, tags, paths and URLs, naming an example', () => {
    for (const bad of [
      'ioredis@^4.0.0',
      'ioredis@latest',
      'ioredis@4',
      'file:../x',
      'ioredis@https://x/y.tgz',
      'ioredis',
      '../ioredis@4.28.5',
    ])
      expect(parseClientSpec(bad, 'ioredis')).toMatch(/is not a package and an exact version, e.g. ioredis@4\.17\.0/);
  });

  it('refuses a version outside the supported range, naming the range', () => {
    expect(parseClientSpec('ioredis@3.2.2')).toBe('ioredis@3.2.2 is outside the supported range 4.17.0 to 5.x');
    expect(parseClientSpec('ioredis@4.16.3')).toBe('ioredis@4.16.3 is outside the supported range 4.17.0 to 5.x');
    expect(parseClientSpec('ioredis@6.0.0')).toBe('ioredis@6.0.0 is outside the supported range 4.17.0 to 5.x');
    expect(parseClientSpec('hazelcast-client@0.8.0')).toBe('hazelcast-client@0.8.0 is outside the supported range 0.10.0 to 5.x');
    // Seed 003's clients: the 3.x client protocol (0.10, 3.12) and the first of the 4.x one.
    expect(parseClientSpec('hazelcast-client@0.10.0')).toEqual({ pkg: 'hazelcast-client', version: '0.10.0' });
    expect(parseClientSpec('hazelcast-client@3.12.3')).toEqual({ pkg: 'hazelcast-client', version: '3.12.3' });
    expect(parseClientSpec('hazelcast-client@4.0.2')).toEqual({ pkg: 'hazelcast-client', version: '4.0.2' });
    expect(parseClientSpec('hazelcast-client@4.1.0')).toEqual({ pkg: 'hazelcast-client', version: '4.1.0' });
    // Seed 000's clients: why no install can run them, and the comparison that can be run instead.
    for (const old of ['aerospike@1.0.57', 'aerospike@2.4.4'])
      expect(parseClientSpec(old)).toBe(
        `${old} is outside the supported range 5.12.0 to 6.x: its install downloads and compiles the Aerospike C client, which kvscope never does ` +
          '(npm runs with install scripts off and fetches nothing else); to compare client generations, run aerospike-client-upgrade (aerospike 5.12.1 against 6.7.1)',
      );
    expect(parseClientSpec('aerospike@4.0.2')).toBe('aerospike@4.0.2 is outside the supported range 5.12.0 to 6.x');
    expect(parseClientSpec('aerospike@3.16.0')).toMatch(/outside the supported range 5\.12\.0 to 6\.x/);
  });

  it('refuses another kind’s client and packages kvscope does not drive', () => {
    expect(parseClientSpec('aerospike@6.7.1', 'ioredis')).toMatch(/this target's client is ioredis, not aerospike/);
    expect(parseClientSpec('redis@4.6.0')).toMatch(/redis is not a client kvscope drives/);
  });

  it('is validated where scenarios are, with the field named', () => {
    expect(validateScenario({ name: 'x', target: { kind: 'redis', client: 'ioredis@3.0.0' } })).toEqual({
      ok: false,
      errors: [{ field: 'target.client', reason: 'ioredis@3.0.0 is outside the supported range 4.17.0 to 5.x' }],
    });
    const ok = parseScenario({ name: 'x', target: { kind: 'hazelcast', client: 'hazelcast-client@4.2.1' } });
    expect(targetClient(ok.target)).toEqual({ pkg: 'hazelcast-client', version: '4.2.1' });
    expect(targetClient(parseScenario({ name: 'x', target: { kind: 'redis' } }).target)).toBeUndefined();
    expect(validateScenario({ name: 'x', target: { kind: 'builtin-kv', client: 'ioredis@4.28.5' } })).toMatchObject({
      ok: false,
      errors: [{ field: 'target.client', reason: 'unknown setting' }],
    });
  });

  it('reads the version back from a not-installed refusal, for the Install offer', () => {
    const spec = { pkg: 'ioredis', version: '4.28.5' } as const;
    expect(missingClient(clientNotInstalledReason(spec))).toBe('ioredis@4.28.5');
    expect(missingClient('no Node 22 is installed: add it')).toBeUndefined();
  });
});

describe('the catalog upgrade entries', () => {
  it('compare an older major with the bundled version, each a sweep of target.client within the supported range', () => {
    const entries = {
      'ioredis-upgrade': 'ioredis',
      'hazelcast-client-upgrade': 'hazelcast-client',
      'aerospike-client-upgrade': 'aerospike',
    } as const;
    for (const [name, pkg] of Object.entries(entries)) {
      const [older, bundled] = UPGRADES[pkg];
      expect(bundled).toBe(bundledVersion(pkg));
      expect(Number(older.split('.')[0])).toBeLessThan(Number(bundled.split('.')[0]));
      expect(CATALOG_SWEEPS[name]).toBe(`target.client=${pkg}@${older},${pkg}@${bundled}`);
      const s = parseScenario(findScenario(name));
      expect(KIND_CLIENT[s.target.kind]).toBe(pkg);
      for (const v of [older, bundled]) expect(parseClientSpec(`${pkg}@${v}`, pkg)).toEqual({ pkg, version: v });
    }
  });
});
