/**
 * A conversation of 500 messages with 200 tool-call cards (seeded through the app's stores): it opens
 * at its end with its last message in sight, mounts every message without leaving the end, the
 * browser's text search reaches a message far above the view, the keyboard reaches its first message (Home)
 * and its end again (End), and a streamed answer is followed to its last line.
 */
import { launchHost } from './fixtures';
import { seedDataDir } from './layoutHelpers';
import { expect, test } from './scriptedProvider';

const TOKENS = Array.from({ length: 300 }, (_, i) => (i % 40 === 39 ? `word${i}.\n\n` : `word${i} `));

test('a 500-message conversation opens at its end, mounts every message, finds an old one, is walked with Home and End, and follows a streamed answer', async ({ page, provider }) => {
  await provider.setScript({ turns: [{ format: 'openai', text: [...TOKENS, 'The last line of the answer.'], chunkDelayMs: 5 }] });
  const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { providerUrl: provider.openaiBaseUrl, longConversation: true }) });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Long conversation', exact: true }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    const messages = log.getByTestId('message');
    await expect(messages.last()).toContainText('Here is what I found for question 150.');
    await expect(messages.last()).toBeInViewport();
    await expect(messages).toHaveCount(500, { timeout: 30_000 });
    await expect(log.getByTestId('tool-call')).toHaveCount(200);
    // Older messages were mounted above without moving the view away from the end.
    await expect(messages.last()).toBeInViewport();

    // The browser's text search reaches a message far above the view: every message is text in the
    // DOM, none an empty placeholder. (window.find selects the match but, unlike the find bar, does not
    // scroll an inner scroller to it, even on a plain page: where the view goes is not checked here.)
    await expect(messages.filter({ hasText: 'Question 7: how do I set the option for case 6?' })).not.toBeInViewport();
    const found = await page.evaluate(() => {
      // Case-insensitive, forwards, wrapping around: the search may start below the match.
      const find = (window as unknown as { find(text: string, caseSensitive: boolean, backwards: boolean, wrapAround: boolean): boolean }).find;
      const hit = find('Question 7: how do I', false, false, true);
      const node = window.getSelection()?.anchorNode;
      return { hit, inMessage: node?.parentElement?.closest('[data-testid="message"]')?.textContent?.includes('case 6?') ?? false };
    });
    expect(found).toEqual({ hit: true, inMessage: true });
    await page.evaluate(() => window.getSelection()?.removeAllRanges());

    await log.focus();
    await page.keyboard.press('Home');
    await expect(messages.first()).toContainText('Question 1:');
    await expect(messages.first()).toBeInViewport();
    await page.keyboard.press('End');
    await expect(messages.last()).toBeInViewport();

    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('One more answer, please');
    await box.press('Enter');
    const lastLine = log.getByText('The last line of the answer.');
    await expect(lastLine).toBeInViewport({ ratio: 1 });
    await expect(messages).toHaveCount(502);
  } finally {
    await host.stop();
  }
});
