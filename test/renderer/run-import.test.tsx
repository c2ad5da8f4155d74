// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMPORT_CHARS, type RunListItem } from '../../app/protocol/bridge';
import { IMPORT_RUN_PATH } from '../../app/protocol/wire';
import { connectBridge } from '../../renderer/src/bridge';
import { createRunUpload, type FetchLike } from '../../renderer/src/bridge/upload';
import { RunsPage } from '../../renderer/src/pages/RunsPage';
import { resetStore } from '../../renderer/src/store/store';
import { fakeBridge, stubResizeObserver, wrapper } from './fixtures';

beforeAll(stubResizeObserver);
beforeEach(resetStore);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ITEM = { id: 'r', file: 'run.ndjson', status: 'done' } as RunListItem;

/** A fetch that answers once with `status` and `body`, keeping what it was asked. */
function answering(status: number, body: string) {
  const asked: { url: string; init: RequestInit }[] = [];
  const fetchImpl: FetchLike = async (url, init) => {
    asked.push({ url, init });
    return { ok: status >= 200 && status < 300, status, text: async () => body };
  };
  return { asked, fetchImpl };
}

describe('a run file imported in the browser', () => {
  it('goes up as the body of a POST to the page’s own server, named in the query, and comes back as the listed run', async () => {
    const { asked, fetchImpl } = answering(200, JSON.stringify(ITEM));
    const upload = createRunUpload('http://127.0.0.1:7317', fetchImpl);
    expect(await upload({ name: 'a run & more.ndjson', text: 'the file' })).toEqual(ITEM);
    expect(asked).toHaveLength(1);
    expect(asked[0].url).toBe(`http://127.0.0.1:7317${IMPORT_RUN_PATH}?name=a+run+%26+more.ndjson`);
    expect(asked[0].init).toMatchObject({ method: 'POST', body: 'the file', credentials: 'same-origin' });
  });

  it('a refusal rejects with the server’s reason', async () => {
    const upload = createRunUpload('http://h:1', answering(413, 'kvscope: a run file may be at most 200 MiB\n').fetchImpl);
    await expect(upload({ name: 'x.ndjson', text: '' })).rejects.toThrow(/^kvscope: a run file may be at most 200 MiB$/);
    const silent = createRunUpload('http://h:1', answering(500, '').fetchImpl);
    await expect(silent({ name: 'x.ndjson', text: '' })).rejects.toThrow('the server answered 500');
  });

  it('the browser twin’s Bridge imports by upload, not as a socket frame; the other requests stay on the socket', async () => {
    const frames: string[] = [];
    class QuietSocket {
      onopen: (() => void) | null = null;
      onmessage = null;
      onclose = null;
      onerror = null;
      constructor(readonly url: string) {
        setTimeout(() => this.onopen?.(), 0);
      }
      send(data: string) {
        frames.push(data);
      }
      close() {}
    }
    const { asked, fetchImpl } = answering(200, JSON.stringify(ITEM));
    vi.stubGlobal('WebSocket', QuietSocket);
    vi.stubGlobal('fetch', fetchImpl);
    const { bridge } = connectBridge(window);
    const imported = bridge.importRun({ name: 'run.ndjson', text: 'x'.repeat(2 * 1024 * 1024) });
    void bridge.listRuns({});
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    expect(frames.map((f) => JSON.parse(f).data.channel)).toEqual(['listRuns']);
    expect(asked.map((a) => a.url)).toEqual([`${window.location.origin}${IMPORT_RUN_PATH}?name=run.ndjson`]);
    await expect(imported).resolves.toEqual(ITEM);
  });

  it('a file over the limit is refused on the Runs page before it is read or sent', async () => {
    const fake = fakeBridge();
    render(<RunsPage />, { wrapper: wrapper(fake.bridge) });
    await screen.findByTestId('runs-empty');
    const big = new File(['x'], 'big.ndjson');
    Object.defineProperty(big, 'size', { value: MAX_IMPORT_CHARS + 1 });
    const read = vi.spyOn(big, 'text');
    fireEvent.change(screen.getByTestId('import-input'), { target: { files: [big] } });
    expect((await screen.findByTestId('runs-error')).textContent).toBe('import of big.ndjson failed: a run file may be at most 200 MiB');
    expect(read).not.toHaveBeenCalled();
    expect(fake.calls.some((c) => c.channel === 'importRun')).toBe(false);
  });
});
