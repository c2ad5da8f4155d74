import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ipcChannel, PUSH_CHANNELS, REQUEST_CHANNELS } from '../../app/protocol/bridge';

type Fn = (...args: unknown[]) => unknown;
interface FakeElectron {
  contextBridge: { exposeInMainWorld: ReturnType<typeof vi.fn> };
  ipcRenderer: { invoke: ReturnType<typeof vi.fn>; on: ReturnType<typeof vi.fn>; removeListener: ReturnType<typeof vi.fn> };
}

function fakeElectron(): FakeElectron {
  return {
    contextBridge: { exposeInMainWorld: vi.fn() },
    ipcRenderer: { invoke: vi.fn(async (channel: string) => `answer of ${channel}`), on: vi.fn(), removeListener: vi.fn() },
  };
}

const { mocked } = vi.hoisted(() => ({ mocked: { electron: undefined as unknown } }));
vi.mock('electron', () => mocked.electron as object);

const EXPECTED_KEYS = [...REQUEST_CHANNELS, 'onPush'].sort();

/** The checks both the TypeScript module and the built bundle must pass. */
async function checkExposed(e: FakeElectron): Promise<void> {
  expect(e.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
  const [name, api] = e.contextBridge.exposeInMainWorld.mock.calls[0] as [string, Record<string, Fn>];
  expect(name).toBe('kvscope');
  expect(Object.keys(api).sort()).toEqual(EXPECTED_KEYS);
  expect(EXPECTED_KEYS).toEqual([
    'compareRuns',
    'deleteRun',
    'deleteScenario',
    'exportFile',
    'getState',
    'importRun',
    'importScenario',
    'installClient',
    'installRuntime',
    'labelRun',
    'listAgents',
    'listClients',
    'listRuns',
    'listRuntimes',
    'listScenarios',
    'localTools',
    'onPush',
    'openRun',
    'renameScenario',
    'saveScenario',
    'savedScenarios',
    'startCapacity',
    'startRun',
    'stopRun',
    'validateScenario',
  ]);
  for (const value of Object.values(api)) {
    // Only our own functions: never ipcRenderer or one of its methods.
    expect(typeof value).toBe('function');
    expect(Object.values(e.ipcRenderer)).not.toContain(value);
    expect(value).not.toBe(e.ipcRenderer);
  }

  for (const c of REQUEST_CHANNELS) {
    const payload = { probe: c };
    expect(await api[c](payload)).toBe(`answer of ${ipcChannel(c)}`);
    expect(e.ipcRenderer.invoke).toHaveBeenLastCalledWith(ipcChannel(c), payload);
  }

  const listener = vi.fn();
  const off = api.onPush(listener) as () => void;
  const subscribed = e.ipcRenderer.on.mock.calls.map((call) => call[0]);
  expect(subscribed.sort()).toEqual(PUSH_CHANNELS.map(ipcChannel).sort());
  for (const [channel, handler] of e.ipcRenderer.on.mock.calls as [string, Fn][]) {
    const ipcEvent = { sender: e.ipcRenderer };
    handler(ipcEvent, { n: channel });
    // The page gets the push name and data, never the IPC event (its sender is ipcRenderer).
    expect(listener).toHaveBeenLastCalledWith(channel.replace('kvscope:', ''), { n: channel });
    expect(listener.mock.lastCall).not.toContain(ipcEvent);
  }
  off();
  expect(e.ipcRenderer.removeListener.mock.calls).toEqual(e.ipcRenderer.on.mock.calls);
}

describe('preload', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'kvscope-preload-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('exposes exactly the Bridge functions and onPush, each on its own channel', async () => {
    const e = fakeElectron();
    mocked.electron = e;
    await import('../../main/electron/preload');
    await checkExposed(e);
  });

  it('bundles into one file that needs nothing but electron (a sandboxed preload)', async () => {
    const root = join(__dirname, '..', '..');
    const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
    execFileSync(process.execPath, [vite, 'build', '-c', 'main/electron/vite.preload.config.mjs', '--outDir', outDir], {
      cwd: root,
      stdio: 'pipe',
    });
    const code = readFileSync(join(outDir, 'preload.js'), 'utf8');
    const e = fakeElectron();
    const required: string[] = [];
    // The arguments Electron gives a sandboxed preload; require knows only 'electron' here.
    const sandboxRequire = (id: string): unknown => {
      required.push(id);
      if (id === 'electron') return e;
      throw new Error(`a sandboxed preload cannot require ${id}`);
    };
    const module = { exports: {} };
    const wrapped = runInNewContext(`(function (require, exports, module) {\n${code}\n})`, {}) as Fn;
    wrapped(sandboxRequire, module.exports, module);
    expect(required).toEqual(['electron']);
    await checkExposed(e);
  });
});
