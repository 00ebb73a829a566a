/**
 * Settings → Presets and Servers dialogs in Chromium against the real host: the Filesystem preset refuses a folder
 * that does not exist (the server would start and fail); focus comes back to the preset's Add button
 * after Esc or Cancel, and to the next row (or Add server) after a server is deleted.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openSettings, openSettingsSection, test } from './fixtures';

function presetCard(page: Page, name: string) {
  return page.getByRole('region', { name: 'Official presets' }).getByTestId('preset-card').filter({ hasText: name });
}

async function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);
}

test('the Filesystem preset refuses a folder that does not exist and adds one that does', async ({ page, host }, testInfo) => {
  await page.goto(host.url);
  await openSettingsSection(page, 'Presets');
  await presetCard(page, 'Filesystem').getByRole('button', { name: 'Add Filesystem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Filesystem' });
  const folderField = dialog.getByLabel('Folder', { exact: true });
  await folderField.fill(path.join(host.dataDir, 'no-such-folder'));
  await dialog.getByRole('button', { name: 'Add and start' }).click();

  await expect(folderField).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText('No folder exists at this path.');
  await expect(folderField).toBeFocused();
  await dialog.screenshot({ path: testInfo.outputPath('folder-not-found.png') });
  expect(JSON.parse(host.cli(['mcp', 'list', '--json']).stdout)).toEqual([]);

  const notes = path.join(host.dataDir, 'notes');
  fs.mkdirSync(notes);
  await folderField.fill(notes);
  await dialog.getByRole('button', { name: 'Add and start' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('mcp-server-row').filter({ hasText: 'Filesystem' })).toBeVisible();
});

test('Esc and Cancel on a preset dialog give focus back to the preset’s Add button', async ({ page, host }) => {
  await page.goto(host.url);
  await openSettingsSection(page, 'Presets');
  const add = presetCard(page, 'Filesystem').getByRole('button', { name: 'Add Filesystem' });
  const dialog = page.getByRole('dialog', { name: 'Add Filesystem' });

  await add.click();
  await expect(dialog.getByLabel('Folder', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // From the keyboard this time: Enter on the focused button, then Cancel.
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Folder', { exact: true })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
});

test('after a confirmed Delete, focus moves to the next row, and to Add server when none is left', async ({ page, host }) => {
  for (const name of ['alpha', 'bravo']) {
    expect(host.cli(['mcp', 'add', name, '--transport', 'stdio', '--command', 'node', '--disabled']).status).toBe(0);
  }
  await page.goto(host.url);
  await openSettings(page);
  const rows = page.getByTestId('mcp-server-row');
  await expect(rows).toHaveCount(2);

  await page.getByRole('button', { name: 'Delete alpha' }).click();
  const confirm = page.getByRole('dialog', { name: /alpha/ });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Delete bravo' })).toBeFocused();
  expect(await focusedLabel(page)).toBe('Delete bravo');

  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: /bravo/ }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('mcp-server-list-empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add server' })).toBeFocused();

  // Cancel leaves everything, focus included, where it was.
  expect(host.cli(['mcp', 'add', 'charlie', '--transport', 'stdio', '--command', 'node', '--disabled']).status).toBe(0);
  await page.getByRole('button', { name: 'Delete charlie' }).click();
  await page.getByRole('dialog', { name: /charlie/ }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Delete charlie' })).toBeFocused();
});
