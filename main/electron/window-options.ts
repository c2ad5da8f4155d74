import type { BrowserWindowConstructorOptions } from 'electron';

/** Big enough for the live view's tiles and two charts side by side. */
const DEFAULT_WIDTH = 1440;
const DEFAULT_HEIGHT = 900;
/** Below this the charts become unreadable. */
const MIN_WIDTH = 960;
const MIN_HEIGHT = 600;
/** The renderer's background, so the window does not flash white before the first paint. */
const BACKGROUND = '#10141a';

interface WindowPaths {
  /** The bundled preload (dist/preload/preload.js). */
  preload: string;
  icon?: string;
  /** DevTools: see devToolsAllowed. Off unless said. */
  devTools?: boolean;
}

/** The command-line flag and the variable that turn DevTools on in a packaged app (for a bug report). */
export const DEVTOOLS_FLAG = '--devtools';
export const DEVTOOLS_ENV = 'KVSCOPE_DEVTOOLS';

/**
 * DevTools give whoever sits at the window a console in the page, which can
 * call every Bridge function directly: on while developing, off in the
 * packaged app unless the user asks for them.
 */
export function devToolsAllowed(o: { packaged: boolean; argv: readonly string[]; env: NodeJS.ProcessEnv }): boolean {
  return !o.packaged || o.argv.includes(DEVTOOLS_FLAG) || o.env[DEVTOOLS_ENV] === '1';
}

/**
 * The one window's options. The page gets no Node, no Electron, and its own
 * JavaScript world: all it can reach is what the preload exposes.
 */
export function windowOptions(p: WindowPaths): BrowserWindowConstructorOptions {
  return {
    width: DEFAULT_WIDTH,
    height: DEFAULT_HEIGHT,
    minWidth: MIN_WIDTH,
    minHeight: MIN_HEIGHT,
    title: 'kvscope',
    backgroundColor: BACKGROUND,
    // Shown on 'ready-to-show', so the first thing seen is a painted page.
    show: false,
    autoHideMenuBar: true,
    ...(p.icon ? { icon: p.icon } : {}),
    webPreferences: {
      preload: p.preload,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: p.devTools === true,
    },
  };
}
