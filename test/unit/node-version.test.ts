import { describe, expect, it } from 'vitest';
import { compareVersions, isVersionSpec, versionMatches } from '../../app/scenario/node-version';

describe("a scenario's node as a version", () => {
  it('is a major, major.minor or exact version: never a range, tag, path or URL', () => {
    for (const ok of ['22', '22.11', '22.11.0']) expect(isVersionSpec(ok)).toBe(true);
    for (const no of ['latest', '^22', '>=20', 'v22', '22.x', '/usr/bin/node', 'https://x/node', '22.1.1.1', ''])
      expect(isVersionSpec(no)).toBe(false);
  });

  it('names the versions it is a prefix of, part by part', () => {
    expect(versionMatches('22', 'v22.11.0')).toBe(true);
    expect(versionMatches('22.11', '22.11.3')).toBe(true);
    expect(versionMatches('22.1', 'v22.11.0')).toBe(false);
    expect(versionMatches('2', 'v22.0.0')).toBe(false);
    expect(versionMatches('22.11.0', 'v22.11.0')).toBe(true);
    expect(versionMatches('22.11.0', 'v22.11.1')).toBe(false);
  });

  it('sorts newest first by number, not by text', () => {
    expect(['22.9.0', '22.23.3', '22.10.1'].sort(compareVersions)).toEqual(['22.23.3', '22.10.1', '22.9.0']);
  });
});
