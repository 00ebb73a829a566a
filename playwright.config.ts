import { defineConfig } from '@playwright/test';

// Playwright's own browser download cannot run here; Debian's chromium is used instead
// (scripts/test.mjs installs it and sets ELFTIA_CHROMIUM). As root, Playwright's default
// chromiumSandbox: false adds --no-sandbox (stack.md G14).
const executablePath = process.env.ELFTIA_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Bundles the host's CLI, the scripted provider and the seeder the tests start (e2e/fixtures.ts).
  globalSetup: './scripts/testBundles.mjs',
  // Each test starts its own headless host with real MCP processes; two cores are not enough for more.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath },
    trace: 'off',
    // Without these an action or navigation that never completes (a click on an element that never
    // becomes clickable, a screenshot waiting for a font) runs until the test's own timeout, and the
    // report says only "Test timeout exceeded" — not which step hung. With them it names the step.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
  },
});
