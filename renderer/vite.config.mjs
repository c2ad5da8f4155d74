import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root,
  // Relative asset URLs: the same build loads from file:// in Electron and from http in `kvscope serve`.
  base: './',
  plugins: [react()],
  build: {
    outDir: resolve(root, '..', 'dist', 'renderer'),
    // The output folder lies outside root; Vite only empties it when told to.
    emptyOutDir: true,
    // Everything is local and loaded once; a single chunk keeps file:// loading simple.
    chunkSizeWarningLimit: 1500,
    sourcemap: true,
  },
});
