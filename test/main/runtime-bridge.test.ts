import { describe, expect, it } from 'vitest';
import { dispatchRequest } from '../../app/protocol/bridge';
import { spyHost } from './spy-host';
import { Installs } from '../../main/engine/installs';

describe('installing a Node runtime from the window', () => {
  it('takes a Node version only: a URL, a path, a range or a tag is refused before main acts, naming the field', async () => {
    const host = spyHost();
    for (const version of ['https://example.com/node.tgz', '/tmp/node', '^22', 'latest', '22.x', '22; rm -rf /']) {
      await expect(dispatchRequest(host, 'installRuntime', { version })).rejects.toThrow(
        /installRuntime: version a Node version: 22, 22.11 or 22.11.0/,
      );
    }
    await expect(dispatchRequest(host, 'installRuntime', { version: '22', url: 'x' })).rejects.toThrow(/installRuntime/);
    expect(host.installRuntime).not.toHaveBeenCalled();
    await dispatchRequest(host, 'installRuntime', { version: '22.11' });
    expect(host.installRuntime).toHaveBeenCalledWith({ version: '22.11' });
  });
});

describe('installing a client version from the window', () => {
  it('takes a client kvscope drives at an exact version only, refused before main acts, naming the field', async () => {
    const host = spyHost();
    for (const spec of [
      'ioredis',
      'ioredis@^4',
      'ioredis@latest',
      'left-pad@1.0.0',
      'ioredis@https://x/y.tgz',
      'ioredis@4.28.5 --foo',
      '../ioredis@4.28.5',
    ]) {
      await expect(dispatchRequest(host, 'installClient', { spec })).rejects.toThrow(
        /installClient: spec a client and an exact version, e\.g\. ioredis@4\.28\.5/,
      );
    }
    await expect(dispatchRequest(host, 'installClient', { spec: 'ioredis@4.28.5', registry: 'x' })).rejects.toThrow(/installClient/);
    expect(host.installClient).not.toHaveBeenCalled();
    await dispatchRequest(host, 'installClient', { spec: 'aerospike@5.12.1' });
    expect(host.installClient).toHaveBeenCalledWith({ spec: 'aerospike@5.12.1' });
  });

  it('refuses a version outside the supported range where it arrives, installing nothing', async () => {
    const pushed: unknown[] = [];
    const installs = new Installs((channel, data) => pushed.push({ channel, data }));
    expect(await installs.installClient({ spec: 'ioredis@3.2.2' })).toEqual({
      ok: false,
      message: 'ioredis@3.2.2 is outside the supported range 4.17.0 to 5.x',
    });
    expect(pushed).toEqual([]);
    expect((await installs.listClients()).filter((c) => c.bundled).map((c) => c.pkg)).toEqual(['ioredis', 'hazelcast-client', 'aerospike']);
  });
});
