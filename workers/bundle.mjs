import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/**
 * The load worker's entry and the benchmarks' that run its loop, each
 * bundled into one CommonJS file at the path tsc gives it in dist/ (which it
 * overwrites), so the paths they are forked from (main/engine/entries.ts,
 * electron-builder.yml's asarUnpack) stay as they are. Run after tsc: node workers/bundle.mjs
 *
 * Why bundle: tsc's CommonJS output reads every import as a property of the
 * other module's exports object, a load and a check on each use, on every
 * answer of the load loop. A bundle hoists the modules into one scope, where
 * an import is a plain variable and an imported constant is written in as
 * its value (inlineConst), so the loop's code can be written plainly.
 *
 * Packages are left out of the bundle and required at run time: a run may
 * load another version of its client library (target.client,
 * workers/load/client-module.ts), and native modules must stay files.
 */
const ENTRIES = [
  // The load worker (main/engine/entries.ts forks it). The other children stay
  // tsc's output: none runs per operation, and a bundle requires every package
  // at its start, where the monitor and the local cluster keeper require a
  // client only for the system they watch or start.
  'workers/load/worker',
  // The benchmarks' processes that run the load loop in-process: they measure the loop as a worker runs it.
  'bench/loop-cost',
  'bench/clusters/loop-child',
  'bench/callgrind/child',
];

const root = fileURLToPath(new URL('..', import.meta.url));
/** Relative and absolute imports are the project's own files; anything else is a package or a Node builtin. */
const isPackage = (id) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0');

for (const entry of ENTRIES) {
  await build({
    configFile: false,
    root,
    // No public/ copying and no .env loading: each build makes one file.
    publicDir: false,
    envDir: false,
    logLevel: 'warn',
    build: {
      outDir: 'dist',
      // tsc's output is there too, and the rest of dist/ still needs it.
      emptyOutDir: false,
      ssr: `${entry}.ts`,
      target: 'node20',
      minify: false,
      sourcemap: true,
      // Vite would copy nothing, but would still read and report on the folder.
      copyPublicDir: false,
      rolldownOptions: {
        external: isPackage,
        optimization: { inlineConst: { mode: 'all' } },
        output: { format: 'cjs', entryFileNames: `${entry}.js` },
      },
    },
  });
}
