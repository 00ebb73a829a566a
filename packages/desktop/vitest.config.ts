import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'desktop',
    environment: 'node',
    include: ['test/**/*.test.ts', 'app/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Bundles the CLI and the scripted provider, which tests start as child processes
    // (test/support/testProcesses.ts).
    globalSetup: [fileURLToPath(new URL('../../scripts/testBundles.mjs', import.meta.url))],
    // The real 'electron' package downloads its binary when required; tests use a fake.
    alias: { electron: fileURLToPath(new URL('./test/fakes/electron.ts', import.meta.url)) },
    server: { deps: { inline: ['trpc-electron'] } },
  },
});
