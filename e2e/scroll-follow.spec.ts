/**
 * The transcript stays at its end when the window changes size: read at 1280×800, the window made
 * 900×600, the last lines of the answer are still in sight above the composer instead of being left
 * below it (the log's height shrank without a new message, so nothing scrolled it).
 */
import { launchHost } from './fixtures';
import { seedDataDir } from './layoutHelpers';
import { expect, test } from './scriptedProvider';

const LONG = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} of a long answer, with enough words to take a line.`).join('\n\n');

test('at the end of a conversation, shrinking the window to 900×600 keeps its last lines in sight', async ({ page, provider }) => {
  await provider.setScript({ turns: [{ format: 'openai', text: [`${LONG}\n\nThe very last line.`] }] });
  const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { providerUrl: provider.openaiBaseUrl }) });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(host.url);
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeFocused();
    await page.keyboard.type('Tell me a lot');
    await page.keyboard.press('Enter');
    const last = page.getByRole('log', { name: 'Messages' }).getByText('The very last line.');
    await expect(last).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

    await page.setViewportSize({ width: 900, height: 600 });
    await expect(last).toBeInViewport({ ratio: 1 });
    // And back: growing the window does not leave the end either.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(last).toBeInViewport({ ratio: 1 });
  } finally {
    await host.stop();
  }
});
