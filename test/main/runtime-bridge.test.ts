import { describe, expect, it } from 'vitest';
import { dispatchRequest } from '../../app/protocol/bridge';
import { spyHost } from './spy-host';

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
