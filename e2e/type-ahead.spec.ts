/**
 * Typing at once, in Chromium against the headless host: right after Ctrl/⌘+Shift+O (the new
 * conversation is still being made) and right after Back to chat from Settings, no letter is lost.
 */
import { launchHost } from './fixtures';
import { seedDataDir } from './layoutHelpers';
import { expect, test } from './scriptedProvider';

test('what is typed right after Ctrl+Shift+O or Back to chat lands in the message box, whole', async ({ page, provider }) => {
  const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { providerUrl: provider.openaiBaseUrl, conversations: 2 }) });
  try {
    await page.goto(host.url);
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeFocused();
    await page.keyboard.press('ControlOrMeta+Shift+O');
    // No waiting for the new conversation: the keys follow the shortcut at once.
    await page.keyboard.type('Hello first');
    await expect(page.getByRole('heading', { level: 2, name: 'New conversation' })).toBeVisible();
    await expect(box).toHaveValue('Hello first');
    await expect(box).toBeFocused();

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Servers' })).toBeFocused();
    await page.getByRole('button', { name: 'Back to chat' }).click();
    await page.keyboard.type(', and more');
    await expect(box).toHaveValue('Hello first, and more');
  } finally {
    await host.stop();
  }
});
