/**
 * The chat from the keyboard alone, in Chromium against the headless host and the scripted provider:
 * a new conversation (Ctrl/⌘+Shift+O) → type → Enter → the approval prompt takes focus → Tab to
 * "Allow once" → Enter; the composer has focus after a reload; Ctrl/⌘+K searches; a conversation's
 * menu and its Rename dialog, with focus back on the menu's button; Esc stops a running turn.
 * Only the setup (the server connected, checked in Settings) uses the mouse.
 */
import { CONNECT_TIMEOUT_MS, launchHost } from './fixtures';
import { seedDataDir } from './layoutHelpers';
import { addEverythingServer, expect, test } from './scriptedProvider';

const ECHO = 'mcp__everything__echo';

test('new conversation → type → send → approve, and the rest of the chat, from the keyboard alone', async ({ page, provider }) => {
  await provider.setScript({
    turns: [
      { format: 'openai', toolCalls: [{ id: 'call_echo', name: ECHO, arguments: { message: 'hello' } }] },
      { format: 'openai', text: ['It echoed hello.'] },
      { format: 'openai', text: ['Let me think'], hold: true },
    ],
  });
  const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { providerUrl: provider.openaiBaseUrl }) });
  try {
    addEverythingServer(host.cli);
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(page.getByTestId('mcp-server-row').filter({ hasText: 'everything' }).getByTestId('mcp-server-status')).toHaveAttribute('data-status', 'connected', {
      timeout: CONNECT_TIMEOUT_MS,
    });
    await page.getByRole('button', { name: 'Back to chat' }).click();
    await expect(page.getByText('No conversations yet.')).toBeVisible();

    // From here on, only keys.
    const keyboard = page.keyboard;
    const box = page.getByRole('textbox', { name: 'Message' });
    await keyboard.press('ControlOrMeta+Shift+O');
    await expect(box).toBeFocused();
    await keyboard.type('Echo hello');
    await keyboard.press('Enter');

    const log = page.getByRole('log', { name: 'Messages' });
    const card = log.getByRole('article', { name: 'echo (everything)' });
    const prompt = card.getByRole('group', { name: 'Allow echo from everything to run?' });
    await expect(prompt).toBeVisible();
    // The prompt took focus at its question (not a button: a stray Enter decides nothing).
    await expect.poll(() => prompt.evaluate((element) => element.contains(document.activeElement) && document.activeElement?.tagName)).toBe('P');
    await keyboard.press('Tab');
    await expect(prompt.getByRole('button', { name: 'Allow once' })).toBeFocused();
    await keyboard.press('Enter');
    await expect(card).toHaveAttribute('data-status', 'done');
    await expect(log.getByRole('article', { name: 'Assistant' }).last()).toHaveText('It echoed hello.');
    const [first, second] = await provider.completions();
    expect(first!.body.messages.at(-1)).toEqual({ role: 'user', content: 'Echo hello' });
    expect(second!.body.messages.find((m) => m.role === 'tool')?.content).toContain('Echo: hello');

    // After a reload the cursor is in the message box at once.
    await page.reload();
    await expect(box).toBeFocused();

    // Ctrl/⌘+K: the search; it filters as typed and Escape clears it.
    await keyboard.press('ControlOrMeta+K');
    const search = page.getByRole('searchbox', { name: 'Search conversations' });
    await expect(search).toBeFocused();
    await keyboard.type('nothing like it');
    await expect(page.getByText('No conversation matches “nothing like it”.')).toBeVisible();
    await keyboard.press('Escape');
    await expect(search).toHaveValue('');

    // Tab to the conversation, then its menu: Rename opens a dialog, Escape brings focus back.
    await keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Echo hello', exact: true })).toBeFocused();
    await keyboard.press('Tab');
    const menuButton = page.getByRole('button', { name: 'Actions for Echo hello' });
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toBeVisible();
    await keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
    await keyboard.press('Enter');
    const rename = page.getByRole('dialog', { name: 'Rename conversation' });
    await expect(rename.getByLabel('Title')).toBeFocused();
    await keyboard.press('Escape');
    await expect(rename).toBeHidden();
    await expect(menuButton).toBeFocused();

    // A new conversation, a turn that runs, and Esc in the composer stops it.
    await keyboard.press('ControlOrMeta+Shift+O');
    await expect(box).toBeFocused();
    await keyboard.type('Think hard');
    await keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(log.getByRole('article', { name: 'Assistant' }).last()).toContainText('Let me think');
    await keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect.poll(async () => (await provider.completions()).at(-1)?.clientAborted).toBe(true);
    await expect(page.getByRole('button', { name: 'Think hard', exact: true })).toBeVisible();
  } finally {
    await host.stop();
  }
});

test('on a first launch the cursor is in the message box, and the first message starts a conversation', async ({ page, provider }) => {
  await provider.setScript({ turns: [{ format: 'openai', text: ['Hello back.'] }] });
  const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { providerUrl: provider.openaiBaseUrl }) });
  try {
    await page.goto(host.url);
    await expect(page.getByText('No conversations yet.')).toBeVisible();
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeFocused();
    await page.keyboard.type('Hello');
    await page.keyboard.press('Enter');

    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByRole('article', { name: 'Assistant' }).last()).toHaveText('Hello back.');
    // The first message shows in the new conversation at once, not only after a reload.
    await expect(log.getByRole('article', { name: 'You' })).toHaveText('Hello');
    await expect(page.getByTestId('conversation-list').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: 'Hello' })).toBeVisible();
    await expect(box).toBeFocused();
    const [first] = await provider.completions();
    expect(first!.body.model).toBe('scripted-model');
    expect(first!.body.messages.at(-1)).toEqual({ role: 'user', content: 'Hello' });
  } finally {
    await host.stop();
  }
});
