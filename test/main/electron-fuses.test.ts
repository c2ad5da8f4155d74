import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DEVTOOLS_ENV, DEVTOOLS_FLAG, devToolsAllowed, windowOptions } from '../../main/electron/window-options';

vi.mock('electron', () => ({}));

const ROOT = join(__dirname, '..', '..');

interface BuilderConfig {
  electronFuses?: Record<string, boolean>;
  asar?: boolean;
  files?: { filter?: string[] }[];
}

/** The packaging config as electron-builder itself reads and checks it (its loader and its schema). */
async function builderConfig(): Promise<BuilderConfig> {
  const { getConfig, validateConfiguration } = (await import('app-builder-lib/out/util/config/config.js')) as unknown as {
    getConfig(dir: string, file: string, extra: null): Promise<BuilderConfig>;
    validateConfiguration(c: BuilderConfig, logger: unknown): Promise<void>;
  };
  const { DebugLogger } = (await import('builder-util/out/DebugLogger.js')) as unknown as {
    DebugLogger: new (enabled: boolean) => unknown;
  };
  const config = await getConfig(ROOT, join(ROOT, 'electron-builder.yml'), null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

describe('the packaged app', () => {
  it('flips the fuses: no NODE_OPTIONS, no --inspect, code only from an integrity-checked app.asar, no file:// privileges', async () => {
    const c = await builderConfig();
    expect(c.asar).toBe(true);
    expect(c.electronFuses).toMatchObject({
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    // Kept on, and said why in SECURITY.md: the workers' fallback runtime is Electron run as Node.
    expect(c.electronFuses?.runAsNode).toBe(true);
  });

  it('packs no test or benchmark code (the Aerospike protocol test node is compiled into dist/test)', async () => {
    const c = await builderConfig();
    const patterns = (c.files ?? []).flatMap((f) => f.filter ?? []);
    expect(patterns).toEqual(expect.arrayContaining(['dist/**', '!dist/test/**', '!dist/bench/**']));
  });

  it('electron-builder refuses a fuse it does not know, so the check above is the schema, not a string match', async () => {
    const { validateConfiguration } = (await import('app-builder-lib/out/util/config/config.js')) as unknown as {
      validateConfiguration(c: BuilderConfig, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = (await import('builder-util/out/DebugLogger.js')) as unknown as {
      DebugLogger: new (enabled: boolean) => unknown;
    };
    const c = await builderConfig();
    await expect(
      validateConfiguration({ ...c, electronFuses: { ...c.electronFuses, noSuchFuse: false } }, new DebugLogger(false)),
    ).rejects.toThrow(/configuration/i);
  });
});

describe('DevTools', () => {
  it('are off in the packaged app unless the flag or the variable asks', () => {
    expect(devToolsAllowed({ packaged: true, argv: ['kvscope'], env: {} })).toBe(false);
    expect(devToolsAllowed({ packaged: true, argv: ['kvscope', DEVTOOLS_FLAG], env: {} })).toBe(true);
    expect(devToolsAllowed({ packaged: true, argv: ['kvscope'], env: { [DEVTOOLS_ENV]: '1' } })).toBe(true);
    expect(devToolsAllowed({ packaged: true, argv: ['kvscope'], env: { [DEVTOOLS_ENV]: 'yes please' } })).toBe(false);
    expect(devToolsAllowed({ packaged: false, argv: ['electron'], env: {} })).toBe(true);
  });

  it('reach the window options as given, off when not said', () => {
    expect(windowOptions({ preload: '/p.js' }).webPreferences?.devTools).toBe(false);
    expect(windowOptions({ preload: '/p.js', devTools: true }).webPreferences?.devTools).toBe(true);
  });
});
