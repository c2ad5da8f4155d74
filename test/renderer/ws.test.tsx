// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bridge } from '../../app/protocol/bridge';
import { bridgeUrl, connectBridge } from '../../renderer/src/bridge';
import { RECONNECT_INITIAL_MS, RECONNECT_MAX_MS, reconnectDelay } from '../../renderer/src/bridge/backoff';
import { createIpcBridge } from '../../renderer/src/bridge/ipc';
import { createWsBridge, type SocketLike } from '../../renderer/src/bridge/ws';
import { runInfo } from './fixtures';

class FakeSocket implements SocketLike {
  sent: string[] = [];
  closed = false;
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    if (this.closed) throw new Error('send on a closed socket');
    this.sent.push(data);
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.(new CloseEvent('close'));
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  receive(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) }));
  }
  requests(): { id: number; channel: string; payload: unknown }[] {
    return this.sent.map((s) => JSON.parse(s).data);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const ws = createWsBridge('ws://host:1/bridge', (url) => {
    const s = new FakeSocket(url);
    sockets.push(s);
    return s;
  });
  return { ws, sockets, last: () => sockets[sockets.length - 1] };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('WebSocket bridge', () => {
  it('sends requests made before the socket opens once it does, as request frames', () => {
    const { ws, last } = setup();
    void ws.listScenarios({});
    expect(last().sent).toEqual([]);
    last().open();
    expect(JSON.parse(last().sent[0])).toEqual({ type: 'request', data: { id: 1, channel: 'listScenarios', payload: {} } });
  });

  it('matches answers to requests by id, in any order, and rejects with main’s error', async () => {
    const { ws, last } = setup();
    last().open();
    const list = ws.listScenarios({});
    const stop = ws.stopRun({});
    const start = ws.startRun({ scenario: { name: 'x' } });
    const [a, b, c] = last().requests();
    expect([a.channel, b.channel, c.channel]).toEqual(['listScenarios', 'stopRun', 'startRun']);
    expect(c.payload).toEqual({ scenario: { name: 'x' } });
    last().receive({ type: 'response', data: { id: b.id, ok: true, result: { ok: false } } });
    last().receive({ type: 'response', data: { id: c.id, ok: false, error: 'startRun: scenario bad' } });
    last().receive({ type: 'response', data: { id: a.id, ok: true, result: [] } });
    await expect(stop).resolves.toEqual({ ok: false });
    await expect(start).rejects.toThrow('startRun: scenario bad');
    await expect(list).resolves.toEqual([]);
  });

  it('hands pushes to every listener and ignores what it cannot trust', () => {
    const { ws, last } = setup();
    last().open();
    const seen: [string, unknown][] = [];
    const other = vi.fn();
    const off = ws.onPush((channel, data) => seen.push([channel, data]));
    ws.onPush(other);
    const info = runInfo();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    last().receive({ type: 'push', data: { channel: 'runStarted', payload: info } });
    last().receive({ type: 'push', data: { channel: 'notAChannel', payload: {} } });
    last().receive('{not json');
    last().receive({ type: 'response', data: { id: 'x' } });
    expect(seen).toEqual([['runStarted', info]]);
    expect(other).toHaveBeenCalledTimes(1);
    off();
    last().receive({ type: 'push', data: { channel: 'phase', payload: { runId: 'r', phase: 'running', at: 1 } } });
    expect(seen).toHaveLength(1);
    expect(other).toHaveBeenCalledTimes(2);
  });

  it('rejects every unanswered request when the socket closes, and a late answer changes nothing', async () => {
    const { ws, last } = setup();
    last().open();
    const pending = [ws.getState({}), ws.listScenarios({})];
    const old = last();
    old.close();
    for (const p of pending) await expect(p).rejects.toThrow(/closed/);
    old.receive({ type: 'response', data: { id: 1, ok: true, result: {} } });
    expect(ws.connection.current()).toBe('closed');
  });

  it('reconnects with growing delays, resets them on open, and then serves requests again', async () => {
    const { ws, sockets, last } = setup();
    const states: string[] = [];
    ws.connection.subscribe((s) => states.push(s));
    last().close();
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(RECONNECT_INITIAL_MS);
    expect(sockets).toHaveLength(2);
    last().close();
    vi.advanceTimersByTime(RECONNECT_INITIAL_MS);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(RECONNECT_INITIAL_MS);
    expect(sockets).toHaveLength(3);
    last().open();
    expect(states).toEqual(['closed', 'connecting', 'closed', 'connecting', 'open']);
    const answer = ws.getState({});
    const { id } = last().requests()[0];
    last().receive({ type: 'response', data: { id, ok: true, result: { phase: 'idle' } } });
    await expect(answer).resolves.toEqual({ phase: 'idle' });
    last().close();
    vi.advanceTimersByTime(RECONNECT_INITIAL_MS);
    expect(sockets).toHaveLength(4);
  });

  it('caps the backoff and stops reconnecting once closed on purpose', () => {
    expect(reconnectDelay(0)).toBe(RECONNECT_INITIAL_MS);
    expect(reconnectDelay(50)).toBe(RECONNECT_MAX_MS);
    const { ws, sockets } = setup();
    ws.close();
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(sockets).toHaveLength(1);
  });
});

describe('choosing the transport', () => {
  afterEach(() => {
    delete window.kvscope;
  });

  it('builds the socket URL from the page location', () => {
    expect(bridgeUrl({ protocol: 'http:', host: '127.0.0.1:7300' })).toBe('ws://127.0.0.1:7300/bridge');
    expect(bridgeUrl({ protocol: 'https:', host: 'box:443' })).toBe('wss://box:443/bridge');
  });

  it('uses the Electron preload when there is one', async () => {
    const api: Bridge = {
      listScenarios: vi.fn(async () => []),
      localTools: vi.fn(),
      listRuntimes: vi.fn(),
      installRuntime: vi.fn(),
      listClients: vi.fn(),
      installClient: vi.fn(),
      listAgents: vi.fn(),
      validateScenario: vi.fn(async () => ({ ok: true as const })),
      startRun: vi.fn(async () => ({ ok: true as const, runId: 'r' })),
      startCapacity: vi.fn(async () => ({ ok: true as const, runId: 'r' })),
      stopRun: vi.fn(async () => ({ ok: true })),
      getState: vi.fn(),
      listRuns: vi.fn(async () => []),
      openRun: vi.fn(),
      labelRun: vi.fn(),
      deleteRun: vi.fn(),
      importRun: vi.fn(),
      savedScenarios: vi.fn(),
      saveScenario: vi.fn(),
      renameScenario: vi.fn(),
      deleteScenario: vi.fn(),
      importScenario: vi.fn(),
      compareRuns: vi.fn(),
      exportFile: vi.fn(),
      onPush: vi.fn(() => () => undefined),
    };
    window.kvscope = api;
    const { bridge, connection } = connectBridge(window);
    expect(connection.current()).toBe('open');
    await bridge.stopRun({});
    expect(api.stopRun).toHaveBeenCalledWith({});
    expect(() => createIpcBridge({ ...api, getState: undefined } as unknown as Bridge)).toThrow(/getState/);
  });
});
