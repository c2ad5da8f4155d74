import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcMainInvokeEvent } from 'electron';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ipcChannel, REQUEST_CHANNELS, type PushChannel, type Pushes, type StartResult, type Validation } from '../../app/protocol/bridge';
import { CATALOG } from '../../app/scenario/catalog';
import { APP_INDEX_URL } from '../../main/electron/app-url';
import { registerBridgeIpc, type BridgeContents } from '../../main/electron/ipc';
import { RunController } from '../../main/engine/run-controller';
import { spyHost } from './spy-host';

type Handler = (event: IpcMainInvokeEvent, payload: unknown) => unknown;
const { handlers } = vi.hoisted(() => ({ handlers: new Map<string, Handler>() }));
vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, h: Handler) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, h);
    },
    removeHandler: (channel: string) => handlers.delete(channel),
  },
}));

function fakeContents(): BridgeContents & { send: ReturnType<typeof vi.fn>; destroyed: boolean } {
  const c = { send: vi.fn(), destroyed: false, isDestroyed: () => c.destroyed };
  return c;
}

function eventFrom(
  sender: unknown,
  frame: { url: string; parent: unknown } | null = { url: APP_INDEX_URL, parent: null },
): IpcMainInvokeEvent {
  return { sender, senderFrame: frame } as unknown as IpcMainInvokeEvent;
}

/** What the page's ipcRenderer.invoke(channel, payload) would run in main. */
async function invoke(channel: string, event: IpcMainInvokeEvent, payload?: unknown): Promise<unknown> {
  const h = handlers.get(channel);
  if (!h) throw new Error(`No handler registered for '${channel}'`);
  return h(event, payload);
}

describe('Electron IPC: the Bridge handlers', () => {
  const runsDir = mkdtempSync(join(tmpdir(), 'kvscope-ipc-'));
  const contents = fakeContents();
  const logs: string[] = [];
  let dispose: () => void = () => {};
  beforeEach(() => {
    dispose();
    logs.length = 0;
    dispose = registerBridgeIpc(contents, new RunController(runsDir), (l) => logs.push(l));
  });
  afterAll(() => {
    dispose();
    rmSync(runsDir, { recursive: true, force: true });
  });
  const fromApp = (): IpcMainInvokeEvent => eventFrom(contents);

  it('registers exactly one handler per Bridge request, on its kvscope: channel', () => {
    expect([...handlers.keys()].sort()).toEqual(REQUEST_CHANNELS.map(ipcChannel).sort());
    expect(handlers.has('kvscope:evil')).toBe(false);
  });

  it('answers the app window', async () => {
    const list = (await invoke(ipcChannel('listScenarios'), fromApp(), {})) as { name: string }[];
    expect(list.map((s) => s.name)).toEqual(CATALOG.map((s) => s.name));
    expect(await invoke(ipcChannel('validateScenario'), fromApp(), { scenario: CATALOG[0] })).toEqual({ ok: true });
  });

  it('startRun with no scenario is rejected naming the field, and starts nothing', async () => {
    await expect(invoke(ipcChannel('startRun'), fromApp(), {})).rejects.toThrow(/^startRun: scenario /);
    await expect(invoke(ipcChannel('startRun'), fromApp())).rejects.toThrow(/^startRun: scenario /);
    const r = (await invoke(ipcChannel('startRun'), fromApp(), { scenario: {} })) as StartResult;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.field)).toContain('target');
    expect(await invoke(ipcChannel('getState'), fromApp(), {})).toMatchObject({ phase: 'idle', run: null });
  });

  it('startRun with wrong types names the field', async () => {
    const r = (await invoke(ipcChannel('startRun'), fromApp(), {
      scenario: { target: { kind: 'redis', port: 'six' }, workers: 'many' },
    })) as StartResult;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.field)).toEqual(expect.arrayContaining(['target.port', 'workers']));
    const v = (await invoke(ipcChannel('validateScenario'), fromApp(), { scenario: 42 })) as Validation;
    expect(v.ok).toBe(false);
  });

  it('rejects a payload of the wrong shape before any handler runs, naming it', async () => {
    await expect(invoke(ipcChannel('startRun'), fromApp(), 'not an object')).rejects.toThrow(/^startRun: payload /);
    await expect(invoke(ipcChannel('startRun'), fromApp(), [1, 2])).rejects.toThrow(/^startRun: payload /);
    await expect(invoke(ipcChannel('startRun'), fromApp(), { scenario: {}, extra: 1 })).rejects.toThrow(/extra/);
    await expect(invoke(ipcChannel('stopRun'), fromApp(), { force: true })).rejects.toThrow(/^stopRun: .*force/);
  });

  it('handles exactly the Bridge requests: no other channel is answered', () => {
    expect([...handlers.keys()].sort()).toEqual(REQUEST_CHANNELS.map(ipcChannel).sort());
    expect(handlers.has('kvscope:deleteEverything')).toBe(false);
  });

  const strangers: [string, () => IpcMainInvokeEvent][] = [
    ['another webContents', () => eventFrom(fakeContents())],
    ['a remote page in the app window', () => eventFrom(contents, { url: 'https://evil.example/index.html', parent: null })],
    ['a file:// page in the app window', () => eventFrom(contents, { url: 'file:///tmp/index.html', parent: null })],
    ['another host of the app scheme', () => eventFrom(contents, { url: 'kvscope://evil/index.html', parent: null })],
    ['a sub-frame', () => eventFrom(contents, { url: APP_INDEX_URL, parent: {} })],
    ['a frame that navigated away (senderFrame null)', () => eventFrom(contents, null)],
  ];
  for (const [who, event] of strangers) {
    it(`refuses ${who}`, async () => {
      const host = spyHost();
      dispose();
      dispose = registerBridgeIpc(contents, host, (l) => logs.push(l));
      await expect(invoke(ipcChannel('listScenarios'), event(), {})).rejects.toThrow(/listScenarios: refused/);
      await expect(invoke(ipcChannel('startRun'), event(), { scenario: CATALOG[0] })).rejects.toThrow(/startRun: refused/);
      expect(host.listScenarios).not.toHaveBeenCalled();
      expect(host.startRun).not.toHaveBeenCalled();
      expect(logs.some((l) => l.startsWith('refused startRun'))).toBe(true);
    });
  }

  it('forwards every push to the app window on its kvscope: channel, and stops after dispose', () => {
    const host = spyHost();
    const win = fakeContents();
    dispose();
    dispose = registerBridgeIpc(win, host, () => {});
    const log: Pushes['log'] = { level: 'warn', message: 'm', at: 1, source: 'main', runId: null };
    host.emit('log', log);
    host.emit('stopped-by-test' as PushChannel, log);
    expect(win.send).toHaveBeenCalledWith('kvscope:log', log);
    expect(win.send).toHaveBeenCalledWith('kvscope:stopped-by-test', log);
    win.destroyed = true;
    host.emit('log', log);
    expect(win.send).toHaveBeenCalledTimes(2);
    win.destroyed = false;
    dispose();
    host.emit('log', log);
    expect(win.send).toHaveBeenCalledTimes(2);
    expect(handlers.size).toBe(0);
  });
});
