import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { hazelcastJarVersion } from '../../app/host/jar-version';
import { hazelcastProtocol, LOCAL_MEMBER_VERSIONS, memberMismatch, memberVersionFor } from '../../app/scenario/hazelcast-generation';
import { parseScenario } from '../../app/scenario/schema';
import { admitScenario } from '../../main/policy/admit';

/** A record of `size` bytes with these little-endian fields: [offset, value, bytes]. */
function record(size: number, fields: [number, number, 2 | 4][]): Buffer {
  const b = Buffer.alloc(size);
  for (const [at, value, bytes] of fields) {
    if (bytes === 2) b.writeUInt16LE(value, at);
    else b.writeUInt32LE(value, at);
  }
  return b;
}

/** A zip of one deflated entry, laid out as a jar is: local header, data, central directory, end record. */
function zipOf(name: string, text: string): Buffer {
  const data = deflateRawSync(Buffer.from(text));
  const n = Buffer.from(name);
  const deflate = 8;
  const local = record(30, [
    [0, 0x04034b50, 4],
    [8, deflate, 2],
    [18, data.length, 4],
    [22, text.length, 4],
    [26, n.length, 2],
  ]);
  const central = record(46, [
    [0, 0x02014b50, 4],
    [10, deflate, 2],
    [20, data.length, 4],
    [24, text.length, 4],
    [28, n.length, 2],
  ]);
  const dirAt = local.length + n.length + data.length;
  const end = record(22, [
    [0, 0x06054b50, 4],
    [8, 1, 2],
    [10, 1, 2],
    [12, central.length + n.length, 4],
    [16, dirAt, 4],
  ]);
  return Buffer.concat([local, n, data, central, n, end]);
}

describe('hazelcast client and member generations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kvscope-hz-gen-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts the member of each client generation: 3.12 for 0.10 and 3.x, 4.0 for 4.0, 4.2 for 4.1 and 4.2, 5.7 for 5.x', () => {
    const members = Object.fromEntries(
      ['0.10.0', '3.12.1', '3.12.3', '4.0.2', '4.1.0', '4.2.1', '4.2.8', '5.0.0', '5.6.0'].map((v) => [v, memberVersionFor(v)]),
    );
    expect(members).toEqual({
      '0.10.0': '3.12.13',
      '3.12.1': '3.12.13',
      '3.12.3': '3.12.13',
      '4.0.2': '4.0.3',
      '4.1.0': '4.2.8',
      '4.2.1': '4.2.8',
      '4.2.8': '4.2.8',
      '5.0.0': '5.7.0',
      '5.6.0': '5.7.0',
    });
  });

  it("CI fetches every member version a local cluster may start into kvscope's cache", () => {
    const ci = readFileSync(join(__dirname, '..', '..', '.ci', 'run'), 'utf8');
    expect(/^for HZ_VERSION in ([\d. ]+); do$/m.exec(ci)?.[1].split(' ')).toEqual(LOCAL_MEMBER_VERSIONS);
  });

  it('the 0.10 and 3.x clients and 3.x members speak one protocol, 4.x and 5.x the other', () => {
    expect(['0.10.0', '3.12.3', '3.12.13'].map(hazelcastProtocol)).toEqual(['3.x', '3.x', '3.x']);
    expect(['4.0.2', '4.0.3', '4.2.8', '5.6.0', '5.7.0'].map(hazelcastProtocol)).toEqual(Array(5).fill('4.x/5.x'));
  });

  it('a client and a member of different protocols are a mismatch that names both versions; 4.x and 5.x mix', () => {
    expect(memberMismatch('0.10.0', '5.7.0', '/c/hazelcast-5.7.0.jar')).toBe(
      'hazelcast-client@0.10.0 speaks the Hazelcast 3.x client protocol, and the member jar /c/hazelcast-5.7.0.jar is Hazelcast 5.7.0, ' +
        'which takes only the 4.x/5.x one: name a jar of Hazelcast 3.x, or leave target.jar unset and kvscope starts Hazelcast 3.12.13 for this client',
    );
    expect(memberMismatch('4.0.2', '3.12.13', '/c/x.jar')).toMatch(
      /^hazelcast-client@4\.0\.2 speaks the Hazelcast 4\.x\/5\.x client protocol, and the member jar \/c\/x\.jar is Hazelcast 3\.12\.13, .*name a jar of Hazelcast 4\.0 or later, .*starts Hazelcast 4\.0\.3/,
    );
    expect(memberMismatch('4.0.2', '5.7.0', '/c/x.jar')).toBeUndefined();
    expect(memberMismatch('5.6.0', '4.2.8', '/c/x.jar')).toBeUndefined();
    expect(memberMismatch('3.12.3', '3.12.13', '/c/x.jar')).toBeUndefined();
  });

  it("reads a jar's Hazelcast version from its Maven name, else from its pom.properties", () => {
    const renamed = join(dir, 'member.jar');
    writeFileSync(renamed, zipOf('META-INF/maven/com.hazelcast/hazelcast/pom.properties', '#x\nartifactId=hazelcast\nversion=3.12.13\n'));
    expect(hazelcastJarVersion(renamed)).toBe('3.12.13');
    expect(hazelcastJarVersion('/nowhere/hazelcast-4.0.3.jar')).toBe('4.0.3');
    const other = join(dir, 'other.jar');
    writeFileSync(other, zipOf('META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\n'));
    expect(hazelcastJarVersion(other)).toBeUndefined();
    writeFileSync(join(dir, 'text.jar'), 'not a zip');
    expect(hazelcastJarVersion(join(dir, 'text.jar'))).toBeUndefined();
    // A deflate bomb (10 MiB from a few KiB) reads as no version, never inflated whole into memory.
    const bomb = join(dir, 'bomb.jar');
    writeFileSync(bomb, zipOf('META-INF/maven/com.hazelcast/hazelcast/pom.properties', `version=9.9.9\n${' '.repeat(10 * 1024 * 1024)}`));
    expect(hazelcastJarVersion(bomb)).toBeUndefined();
  });

  it('refuses a local cluster from a named jar its client cannot talk to, before anything starts, naming both versions', () => {
    const cache = join(dir, 'xdg-cache');
    mkdirSync(join(cache, 'kvscope'), { recursive: true });
    const env = { ...process.env, XDG_CACHE_HOME: cache, KVSCOPE_HAZELCAST_JAR: '' };
    const old = join(cache, 'kvscope', 'hazelcast-3.12.13.jar');
    writeFileSync(old, '');
    const s = parseScenario({ target: { kind: 'hazelcast', localMembers: 1, jar: old } });
    expect(admitScenario(s, env)).toEqual([
      { field: 'target.jar', reason: expect.stringMatching(/^hazelcast-client@5\.6\.0 speaks .* is Hazelcast 3\.12\.13, /) },
    ]);
    const fits = join(cache, 'kvscope', 'hazelcast-4.0.3.jar');
    writeFileSync(fits, '');
    const four = parseScenario({ target: { kind: 'hazelcast', localMembers: 1, jar: fits, client: 'hazelcast-client@4.0.2' } });
    expect(admitScenario(four, env).filter((e) => e.field === 'target.jar')).toEqual([]);
    // KVSCOPE_HAZELCAST_JAR is what starts when target.jar is unset: checked the same way.
    const fromEnv = parseScenario({ target: { kind: 'hazelcast', localMembers: 1 } });
    expect(admitScenario(fromEnv, { ...env, KVSCOPE_HAZELCAST_JAR: old })).toContainEqual({
      field: 'target.client',
      reason: expect.stringContaining('is Hazelcast 3.12.13'),
    });
  });
});
