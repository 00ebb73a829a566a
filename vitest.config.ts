import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*'],
    // Real child processes and servers: keep the 2-core machines from oversubscribing.
    maxWorkers: 2,
  },
});
