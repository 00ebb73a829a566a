/**
 * A tab left open while the headless host restarts: the host comes back on the same address (token
 * and port kept in the data dir), and the tab reconnects by itself and stays live. After
 * `elftia serve --new-token` the tab says its token was refused and what to do, instead of
 * "Reconnecting…" forever.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI, expect, openSettings, ROOT, runCli, test } from './fixtures';
import { startAnnouncing, stopProcess } from './processes';

/** The client retries with a doubling delay (2 s, 4 s, 8 s, 16 s …) while a restart takes seconds. */
const RECONNECT_TIMEOUT_MS = 45_000;

async function serve(dataDir: string, args: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const { child, announced } = await startAnnouncing<{ url: string }>('the host', [CLI, 'serve', '--json', '--data-dir', dataDir, ...args], ROOT);
  return { child, url: announced.url };
}

test.describe.configure({ timeout: 150_000 });

let dataDir: string;
let child: ChildProcess | undefined;
test.beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-e2e-restart-'));
});
test.afterEach(async () => {
  if (child) await stopProcess(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('an open tab reconnects after a restart, and after --new-token says its token was refused', async ({ page }, testInfo) => {
  const first = await serve(dataDir);
  child = first.child;
  await page.goto(first.url);
  await openSettings(page);
  await expect(page.getByTestId('mcp-server-list-empty')).toBeVisible();
  const banner = page.getByTestId('connection-banner');

  await stopProcess(first.child);
  await expect(banner).toHaveAttribute('data-state', 'lost');
  await expect(banner).toContainText('Reconnecting');

  const second = await serve(dataDir);
  child = second.child;
  expect(second.url).toBe(first.url);
  await expect(banner).toBeHidden({ timeout: RECONNECT_TIMEOUT_MS });
  // Live again, subscriptions included: a server the CLI adds shows up in the open tab.
  expect(runCli(dataDir, ['mcp', 'add', 'added-after-restart', '--transport', 'stdio', '--command', 'node', '--disabled']).status).toBe(0);
  await expect(page.getByTestId('mcp-server-row').filter({ hasText: 'added-after-restart' })).toBeVisible();

  await stopProcess(second.child);
  const renewed = await serve(dataDir, ['--new-token']);
  child = renewed.child;
  expect(renewed.url).not.toBe(first.url);
  await expect(banner).toHaveAttribute('data-state', 'refused', { timeout: RECONNECT_TIMEOUT_MS });
  await expect(banner).toContainText('refused this page’s access token');
  await expect(banner).toContainText('elftia serve --new-token');
  await page.screenshot({ path: testInfo.outputPath('token-refused.png') });

  // The address the host printed opens the same tab again.
  await page.goto(renewed.url);
  await openSettings(page);
  await expect(page.getByTestId('mcp-server-row').filter({ hasText: 'added-after-restart' })).toBeVisible();
  await expect(banner).toBeHidden();
});
