/**
 * Keyboard focus after pressing a control that is busy while its request runs. Chromium moves focus
 * from a control that becomes `disabled` to <body>, so a keyboard user pressing Restart, Test
 * connection or Save lost their place and had to Tab from the top of the page again. Busy controls
 * are aria-disabled instead; each check here waits until the request has finished.
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { CONNECT_TIMEOUT_MS, expect, openSettings, ROOT } from './fixtures';
import { addProviderInUi, test } from './scriptedProvider';

const LENIENT_SERVER = path.join(ROOT, 'packages/desktop/test/fixtures/lenient-lists-server.mjs');

/** Focuses `control` and presses `key` on it, as a keyboard user does. */
async function pressOn(page: Page, control: Locator, key: 'Enter' | 'Space'): Promise<void> {
  await control.focus();
  await page.keyboard.press(key);
}

test('Settings → Servers, Runtimes and Approvals: the switch, Restart, Check again and the approval policy keep focus while they work', async ({ page, host }) => {
  const added = host.cli(['mcp', 'add', 'lenient', '--transport', 'stdio', '--command', process.execPath, `--arg=${LENIENT_SERVER}`]);
  expect(added.status, added.stderr).toBe(0);
  await page.goto(host.url);
  await openSettings(page);
  const row = page.getByTestId('mcp-server-row').filter({ hasText: 'lenient' });
  const status = row.getByTestId('mcp-server-status');
  await expect(status).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });

  const enable = page.getByRole('switch', { name: 'Enable lenient' });
  await pressOn(page, enable, 'Space');
  await expect(status).toHaveText('Disabled');
  await expect(enable).toBeFocused();
  await pressOn(page, enable, 'Space');
  await expect(status).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
  await expect(enable).toBeFocused();

  await page.getByRole('button', { name: 'Details for lenient' }).click();
  const details = page.getByRole('region', { name: 'Details of lenient' });
  const connectedLines = details.getByRole('log', { name: 'Log of lenient' }).locator('[data-level="info"]').filter({ hasText: 'connected: lenient-lists' });
  // Connected twice so far: at the start and after the switch turned it back on.
  await expect(connectedLines).toHaveCount(2);
  const restart = details.getByRole('button', { name: 'Restart lenient' });
  await pressOn(page, restart, 'Enter');
  await expect(connectedLines).toHaveCount(3, { timeout: CONNECT_TIMEOUT_MS });
  await expect(restart).not.toHaveAttribute('aria-disabled');
  await expect(restart).toBeFocused();

  await page.getByRole('tab', { name: 'Runtimes' }).click();
  const checkAgain = page.getByRole('button', { name: 'Check again' });
  await pressOn(page, checkAgain, 'Enter');
  await expect(checkAgain).not.toHaveAttribute('aria-disabled');
  await expect(checkAgain).toBeFocused();

  await page.getByRole('tab', { name: 'Approvals' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Saved.' });
  const readOnly = page.getByRole('checkbox', { name: 'Run read-only tools without asking' });
  await pressOn(page, readOnly, 'Space');
  await expect(saved).toBeVisible();
  await expect(readOnly).toBeChecked();
  await expect(readOnly).toBeFocused();
  const saveThreshold = page.getByRole('button', { name: 'Save threshold' });
  await page.getByLabel('Many-tools threshold').fill('30');
  await pressOn(page, saveThreshold, 'Enter');
  await expect(saved).toBeVisible();
  await expect(saveThreshold).toBeFocused();
});

test('Settings → Providers and General: Test connection and the Save buttons keep focus while they work', async ({ page, host, provider }) => {
  await page.goto(host.url);
  await addProviderInUi(page, { name: 'Scripted', type: 'OpenAI-compatible', baseUrl: provider.openaiBaseUrl, apiKey: 'sk-scripted', model: 'scripted-model' });
  const testConnection = page.getByRole('button', { name: 'Test connection to Scripted' });
  await pressOn(page, testConnection, 'Enter');
  await expect(page.getByText(/^Connected in \d+ ms\./)).toBeVisible();
  await expect(testConnection).toBeFocused();

  await page.getByRole('tab', { name: 'General' }).click();
  const saveFolder = page.getByRole('button', { name: 'Save folder' });
  await pressOn(page, saveFolder, 'Enter');
  await expect(page.getByText('Saved. The next message can use it.')).toBeVisible();
  await expect(saveFolder).toBeFocused();
  const saveMirrors = page.getByRole('button', { name: 'Save mirrors' });
  await pressOn(page, saveMirrors, 'Enter');
  await expect(page.getByText('Saved. The next server start uses them.')).toBeVisible();
  await expect(saveMirrors).toBeFocused();
});

test('Chat: after a call is allowed from the keyboard, focus stays at its card', async ({ page, host, provider }) => {
  const added = host.cli(['mcp', 'add', 'lenient', '--transport', 'stdio', '--command', process.execPath, `--arg=${LENIENT_SERVER}`]);
  expect(added.status, added.stderr).toBe(0);
  await provider.setScript({
    turns: [
      {
        format: 'openai',
        toolCalls: [
          { id: 'call_1', name: 'mcp__lenient__echo', arguments: { message: 'one' } },
          { id: 'call_2', name: 'mcp__lenient__echo', arguments: { message: 'two' } },
        ],
      },
      { format: 'openai', text: ['Both echoed.'] },
    ],
  });
  await page.goto(host.url);
  await openSettings(page);
  await expect(page.getByTestId('mcp-server-row').filter({ hasText: 'lenient' }).getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
  await addProviderInUi(page, { name: 'Scripted', type: 'OpenAI-compatible', baseUrl: provider.openaiBaseUrl, apiKey: 'sk-scripted', model: 'scripted-model' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click();
  await page.getByRole('button', { name: 'New conversation' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Echo twice');
  await page.keyboard.press('Enter');

  const cards = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'echo (lenient)' });
  // The model asked for both calls in one step: both wait for an answer at once.
  for (const card of [cards.first(), cards.nth(1)]) {
    await expect(card).toHaveAttribute('data-status', 'awaiting_approval');
    await pressOn(page, card.getByRole('button', { name: 'Allow once' }), 'Enter');
    await expect(card.getByTestId('approval-prompt')).toHaveCount(0);
    await expect(card).toBeFocused();
  }
  await expect(page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'Assistant' }).last()).toHaveText('Both echoed.');
});
