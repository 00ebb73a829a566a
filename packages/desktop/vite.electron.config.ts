/**
 * Builds the Electron shell into dist/electron: `main.js` (ES module) from app/main/electron/main.ts
 * and `preload.cjs` from app/preload/index.ts. Both are SSR builds, so Node built-ins and
 * dependencies stay imports rather than being bundled — except in the preload: a sandboxed
 * preload can only load the electron module and a few built-ins, so it must be one CommonJS file with
 * trpc-electron inlined.
 *
 * The `builder` makes a plain `vite build -c vite.electron.config.ts` build these two environments
 * (and not Vite's default browser one, which would look for an index.html).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const OUT_DIR = fileURLToPath(new URL('./dist/electron', import.meta.url));
const entry = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Main: every package import stays an import (node_modules ship in the app; better-sqlite3 is
 * native and must be rebuilt for Electron, not bundled). Explicit, because Vite's own SSR
 * externalisation depends on how it resolves workspace packages.
 */
const isPackageImport = (id: string) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0');

export default defineConfig({
  builder: {
    async buildApp(builder) {
      for (const name of ['main', 'preload']) {
        const environment = builder.environments[name];
        if (environment) await builder.build(environment);
      }
    },
  },
  build: { target: 'node20', minify: false, sourcemap: true, emptyOutDir: false },
  environments: {
    main: {
      consumer: 'server',
      build: {
        outDir: OUT_DIR,
        ssr: true,
        rollupOptions: {
          input: { main: entry('./app/main/electron/main.ts') },
          external: isPackageImport,
          output: { format: 'es', entryFileNames: '[name].js' },
        },
      },
    },
    preload: {
      consumer: 'server',
      resolve: { noExternal: true },
      build: {
        outDir: OUT_DIR,
        ssr: true,
        rollupOptions: {
          input: { preload: entry('./app/preload/index.ts') },
          external: ['electron'],
          output: { format: 'cjs', entryFileNames: '[name].cjs' },
        },
      },
    },
  },
});
