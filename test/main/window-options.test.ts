import { describe, expect, it, vi } from 'vitest';
import { windowOptions } from '../../main/electron/window-options';

// window-options.ts only imports types from electron; a mock proves it needs nothing at run time.
vi.mock('electron', () => ({}));

describe('window options', () => {
  const o = windowOptions({ preload: '/app/dist/preload/preload.js', icon: '/app/assets/icon.png' });

  it('isolates the page: context isolation, no Node, sandboxed, web security on', () => {
    expect(o.webPreferences).toMatchObject({
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('sets the bundled preload and the icon', () => {
    expect(o.webPreferences?.preload).toBe('/app/dist/preload/preload.js');
    expect(o.icon).toBe('/app/assets/icon.png');
    expect('icon' in windowOptions({ preload: '/p.js' })).toBe(false);
  });

  it('opens hidden (shown once painted) with a usable minimum size', () => {
    expect(o.show).toBe(false);
    expect(o.minWidth).toBeGreaterThan(0);
    expect(o.width).toBeGreaterThanOrEqual(o.minWidth ?? 0);
  });
});
