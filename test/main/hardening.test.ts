import { EventEmitter } from 'node:events';
import type { App, Session } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { APP_INDEX_URL } from '../../main/electron/app-url';
import { hardenSession, hardenWebContents } from '../../main/electron/hardening';
import { CONTENT_SECURITY_POLICY } from '../../main/serve/security-headers';

vi.mock('electron', () => ({}));

type Fn = (...args: never[]) => unknown;

function fakeSession() {
  const hooks: Record<string, Fn> = {};
  const session = {
    webRequest: {
      onBeforeRequest: (l: Fn) => void (hooks.beforeRequest = l),
      onHeadersReceived: (l: Fn) => void (hooks.headersReceived = l),
    },
    setPermissionRequestHandler: (l: Fn) => void (hooks.permissionRequest = l),
    setPermissionCheckHandler: (l: Fn) => void (hooks.permissionCheck = l),
  };
  return { session: session as unknown as Session, hooks };
}

function callback<T>(): { cb: (r: T) => void; result: () => T | undefined } {
  let got: T | undefined;
  return { cb: (r) => void (got = r), result: () => got };
}

describe('session hardening', () => {
  const { session, hooks } = fakeSession();
  hardenSession(session, () => {});
  const before = hooks.beforeRequest as (d: { url: string }, cb: (r: { cancel: boolean }) => void) => void;

  it('lets the app load its own files only: no remote content', () => {
    for (const [url, cancel] of [
      [APP_INDEX_URL, false],
      ['kvscope://app/assets/index-abc.js', false],
      ['devtools://devtools/bundled/inspector.html', false],
      ['https://cdn.example.com/lib.js', true],
      ['http://127.0.0.1:6379/', true],
      ['file:///etc/passwd', true],
      ['kvscope://elsewhere/x.js', true],
      ['ws://127.0.0.1:7317/bridge', true],
    ] as const) {
      const c = callback<{ cancel: boolean }>();
      before({ url }, c.cb);
      expect(c.result(), url).toEqual({ cancel });
    }
  });

  it('adds the dashboard CSP to every response', () => {
    const c = callback<{ responseHeaders: Record<string, string[]> }>();
    const received = hooks.headersReceived as (d: { responseHeaders: Record<string, string[]> }, cb: typeof c.cb) => void;
    received({ responseHeaders: { 'Content-Type': ['text/html'] } }, c.cb);
    expect(c.result()?.responseHeaders).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
  });

  it('grants no permission', () => {
    const c = callback<boolean>();
    (hooks.permissionRequest as (w: unknown, p: string, cb: (ok: boolean) => void) => void)({}, 'media', c.cb);
    expect(c.result()).toBe(false);
    expect((hooks.permissionCheck as () => boolean)()).toBe(false);
  });
});

describe('web contents hardening', () => {
  const app = new EventEmitter();
  const logs: string[] = [];
  hardenWebContents(app as unknown as App, (l) => logs.push(l));
  const contents = Object.assign(new EventEmitter(), { openHandler: undefined as undefined | ((d: { url: string }) => unknown) });
  Object.assign(contents, { setWindowOpenHandler: (h: (d: { url: string }) => unknown) => (contents.openHandler = h) });
  app.emit('web-contents-created', {}, contents);

  const navigate = (event: string, url: string): boolean => {
    const e = { url, preventDefault: vi.fn() };
    contents.emit(event, e);
    return e.preventDefault.mock.calls.length > 0;
  };

  it('denies every new window', () => {
    expect(contents.openHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: APP_INDEX_URL })).toEqual({ action: 'deny' });
  });

  it('blocks navigation and redirects away from the app, allows moving within it', () => {
    expect(navigate('will-frame-navigate', 'https://evil.example/')).toBe(true);
    expect(navigate('will-frame-navigate', 'file:///home/user/')).toBe(true);
    expect(navigate('will-redirect', 'https://evil.example/')).toBe(true);
    expect(navigate('will-frame-navigate', 'kvscope://app/index.html#/live')).toBe(false);
    expect(logs).toContain('blocked navigation to https://evil.example/');
  });

  it('refuses <webview>', () => {
    const e = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', e);
    expect(e.preventDefault).toHaveBeenCalled();
  });
});
