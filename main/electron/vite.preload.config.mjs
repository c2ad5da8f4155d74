import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The package root, two folders up from main/electron/.
const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The preload as one self-contained CommonJS file: a sandboxed preload can
 * require only 'electron', so the Bridge channel list (app/protocol/bridge.ts,
 * and the zod it imports) is bundled in. Build: vite build -c main/electron/vite.preload.config.mjs
 */
export default defineConfig({
  root,
  // No public/ copying and no .env loading: this build makes one file.
  publicDir: false,
  envDir: false,
  logLevel: 'warn',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/preload',
    emptyOutDir: true,
    // Electron 42's Chromium; no down-levelling needed.
    target: 'chrome140',
    minify: false,
    sourcemap: true,
    lib: {
      entry: 'main/electron/preload.ts',
      formats: ['cjs'],
      fileName: () => 'preload.js',
    },
    rollupOptions: {
      external: ['electron'],
    },
  },
});
