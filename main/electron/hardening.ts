import type { App, Session, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../serve/security-headers';
import { isAllowedRequest, isAppUrl } from './app-url';

type Log = (line: string) => void;

/**
 * The session of the window: nothing remote is ever fetched, every response
 * carries the dashboard's CSP (the app protocol sends it too; this covers any
 * other response), and no permission (camera, notifications, ...) is granted.
 */
export function hardenSession(ses: Session, log: Log): void {
  ses.webRequest.onBeforeRequest((details, callback) => {
    const allowed = isAllowedRequest(details.url);
    if (!allowed) log(`blocked a request to ${details.url}`);
    callback({ cancel: !allowed });
  });
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
}

/**
 * Every web contents the app ever creates: no new windows (window.open,
 * target=_blank), no navigation or redirect away from the app's own pages,
 * no <webview>. A page that was tricked into any of these stays where it is.
 */
export function hardenWebContents(app: App, log: Log): void {
  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.setWindowOpenHandler(({ url }) => {
      log(`denied opening a window for ${url}`);
      return { action: 'deny' };
    });
    const stayInApp = (e: { url: string; preventDefault(): void }): void => {
      if (isAppUrl(e.url)) return;
      log(`blocked navigation to ${e.url}`);
      e.preventDefault();
    };
    contents.on('will-frame-navigate', stayInApp);
    contents.on('will-redirect', stayInApp);
    contents.on('will-attach-webview', (e) => e.preventDefault());
  });
}
