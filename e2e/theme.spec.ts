/**
 * The theme (Settings → General): Light, Dark or System applies at once, is stored by main (so it
 * survives a reload), and System follows the operating system's appearance as it changes.
 */
import type { Page } from '@playwright/test';
import { expect, openSettings, test } from './fixtures';

/** The window's background as painted, and the theme it was painted with. */
function painted(page: Page) {
  return page.evaluate(() => ({ theme: document.documentElement.dataset.theme, background: getComputedStyle(document.documentElement).backgroundColor }));
}

async function openGeneral(page: Page): Promise<void> {
  await openSettings(page);
  await page.getByRole('tab', { name: 'General' }).or(page.getByRole('link', { name: 'General' })).first().click();
}

test('Dark applies at once and survives a reload; System follows the operating system', async ({ page, host }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(host.url);
  await openGeneral(page);
  const theme = page.getByRole('group', { name: 'Theme' });
  await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
  const light = await painted(page);
  expect(light.theme).toBe('light');

  await theme.getByRole('radio', { name: 'Dark' }).click();
  await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect.poll(async () => (await painted(page)).theme).toBe('dark');
  const dark = await painted(page);
  expect(dark.background).not.toBe(light.background);

  await page.reload();
  await expect.poll(async () => (await painted(page)).theme).toBe('dark');
  await openGeneral(page);
  await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toBeChecked();

  await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'System' }).click();
  await expect.poll(async () => (await painted(page)).theme).toBe('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(async () => (await painted(page)).theme).toBe('dark');
  expect((await painted(page)).background).toBe(dark.background);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(async () => (await painted(page)).theme).toBe('light');
});
