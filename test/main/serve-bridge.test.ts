import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartResult, Validation } from '../../app/protocol/bridge';
import { CATALOG } from '../../app/scenario/catalog';
import type { ScenarioInput } from '../../app/scenario/schema';
import { RunController } from '../../main/engine/run-controller';
import { startDashboardServer, type DashboardServer } from '../../main/serve/server';
import { NO_ID } from '../../main/serve/ws-bridge';
import { BridgeClient } from './bridge-client';
import { makeFixture } from './fixtures';

describe('kvscope serve: the Bridge over WebSocket', () => {
  const fx = makeFixture();
  const logs: string[] = [];
  let server: DashboardServer;
  let page: BridgeClient;
  beforeAll(async () => {
    const controller = new RunController(fx.runsDir);
    server = await startDashboardServer({ host: '127.0.0.1', port: 0, rendererDir: fx.rendererDir, controller, log: (l) => logs.push(l) });
    page = await BridgeClient.connect(server.url, { bearer: server.secret });
  });
  afterAll(async () => {
    page?.close();
    await server?.close();
    fx.remove();
  });

  it('listScenarios returns the catalog', async () => {
    const r = await page.request('listScenarios');
    expect(r.ok).toBe(true);
    expect((r.result as ScenarioInput[]).map((s) => s.name)).toEqual(CATALOG.map((s) => s.name));
  });

  it('validateScenario returns the bad fields with their reasons', async () => {
    const r = await page.request('validateScenario', { scenario: { ...CATALOG[0], workers: 0, wrokers: 3 } });
    expect(r.ok).toBe(true);
    const v = r.result as Validation;
    expect(v.ok).toBe(false);
    if (v.ok) return;
    expect(v.errors.map((e) => e.field)).toEqual(expect.arrayContaining(['workers', 'wrokers']));
    expect(v.errors.find((e) => e.field === 'wrokers')?.reason).toBe('unknown setting');
    expect((await page.request('validateScenario', { scenario: CATALOG[0] })).result).toEqual({ ok: true });
  });

  it('startRun of an invalid scenario returns its errors and starts nothing', async () => {
    const r = await page.request('startRun', { scenario: { target: { kind: 'redis', port: 'six' } } });
    expect(r.ok).toBe(true);
    const s = r.result as StartResult;
    expect(s.ok).toBe(false);
    if (!s.ok) expect(s.errors.map((e) => e.field)).toContain('target.port');
    const state = await page.request('getState');
    expect((state.result as { phase: string }).phase).toBe('idle');
  });

  it('a bad payload is rejected by the request validation, naming the field', async () => {
    const wrongType = await page.request('startRun', 'not an object');
    expect(wrongType).toMatchObject({ ok: false });
    expect(wrongType.error).toMatch(/^startRun: payload /);
    const extra = await page.request('listScenarios', { sneaky: 1 });
    expect(extra.ok).toBe(false);
    expect(extra.error).toMatch(/sneaky/);
  });

  it('an unknown channel is an error response', async () => {
    const r = await page.request('deleteEverything');
    expect(r).toMatchObject({ ok: false, error: 'unknown request deleteEverything' });
    // Names every object inherits are not requests either.
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(await page.request(name)).toMatchObject({ ok: false, error: `unknown request ${name}` });
  });

  it('invalid frames get an error response and the socket stays usable', async () => {
    const notJson = await page.sendRaw('{nope', NO_ID);
    expect(notJson).toMatchObject({ id: NO_ID, ok: false });
    expect(notJson.error).toMatch(/not JSON/);
    const badShape = await page.sendRaw(JSON.stringify({ type: 'request', data: { id: 77, channel: 5 } }), 77);
    expect(badShape).toMatchObject({ id: 77, ok: false });
    expect(badShape.error).toMatch(/^invalid frame: request: data\.channel/);
    const badType = await page.sendRaw(JSON.stringify({ type: 'hello', data: {} }), NO_ID);
    expect(badType.ok).toBe(false);
    const badId = await page.sendRaw(JSON.stringify({ type: 'request', data: { id: -5, channel: 'getState', payload: {} } }), NO_ID);
    expect(badId.ok).toBe(false);
    expect(logs.some((l) => l.includes('invalid frame'))).toBe(true);
    const after = await page.request('getState');
    expect(after.ok).toBe(true);
  });

  it('a frame over the size limit closes that socket only; the server keeps serving', async () => {
    const big = await BridgeClient.connect(server.url, { bearer: server.secret });
    const closed = new Promise<number>((resolve) => big.ws.once('close', (code) => resolve(code)));
    big.ws.send('x'.repeat(2 * 1024 * 1024));
    expect(await closed).toBe(1009);
    expect((await page.request('getState')).ok).toBe(true);
  });

  it('refuses an upgrade from another origin (another web page) or with no Origin, even with the secret', async () => {
    await expect(BridgeClient.connect(server.url, { bearer: server.secret, origin: 'http://evil.example' })).rejects.toThrow(
      'upgrade refused: 403',
    );
    await expect(
      BridgeClient.connect(server.url, { bearer: server.secret, origin: `http://127.0.0.1:${server.port + 1}` }),
    ).rejects.toThrow('upgrade refused: 403');
    // DNS rebinding: a hostile name resolving to 127.0.0.1, same port.
    await expect(
      BridgeClient.connect(server.url, { bearer: server.secret, origin: `http://rebind.example:${server.port}` }),
    ).rejects.toThrow('upgrade refused: 403');
    await expect(BridgeClient.connect(server.url, { bearer: server.secret, origin: null })).rejects.toThrow('upgrade refused: 403');
    expect(logs.some((l) => l.includes('refused a WebSocket from origin "http://evil.example"'))).toBe(true);
  });

  it('accepts its own origin by either loopback name', async () => {
    const byName = await BridgeClient.connect(server.url, { bearer: server.secret, origin: `http://localhost:${server.port}` });
    expect((await byName.request('getState')).ok).toBe(true);
    byName.close();
  });

  it('refuses upgrades on other paths', async () => {
    await expect(BridgeClient.connect(server.url, { bearer: server.secret, path: '/other' })).rejects.toThrow('upgrade refused: 404');
  });
});
