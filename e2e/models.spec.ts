/**
 * Models from the provider, the conversation's system prompt and attachments, end to end: Chromium
 * against the headless host and the scripted provider (OpenAI-compatible). The provider lists its
 * models on GET /v1/models, and each scripted turn `expect`s what the request must carry — the
 * system message, the image as an `image_url` data URL part, the text file's contents — answering
 * 400 otherwise, so an answer in the chat means the provider received them in its own form.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { openSettings } from './fixtures';
import { expect, openChat, type ScriptedProviderProcess, sendMessage, test } from './scriptedProvider';

const KEY = 'sk-scripted';
const PROMPT = 'Answer like a pirate.';
const NOTES = '# Ahoy notes\n\nThe treasure is under the palm tree.\n';

/** A width×height PNG (8-bit RGB) shaded from one colour to another, so a thumbnail shows something. */
function gradientPng(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const f = (x + y) / (width + height - 2);
      for (let c = 0; c < 3; c += 1) row[1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * f);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PICKED = gradientPng(64, 48, [59, 91, 219], [250, 176, 5]);
const PASTED = gradientPng(40, 40, [43, 138, 62], [201, 42, 42]);

/** Settings → Providers → Add provider: the models ticked in the list "Fetch models" reads, and the default chosen. */
async function addProviderFromList(page: Page, provider: ScriptedProviderProcess): Promise<void> {
  await openSettings(page);
  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByRole('button', { name: 'Add provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add provider' });
  await dialog.getByLabel('Name', { exact: true }).fill('Scripted');
  await dialog.getByLabel('Type', { exact: true }).selectOption({ label: 'OpenAI-compatible' });
  await dialog.getByLabel(/^Base URL/).fill(provider.openaiBaseUrl);
  await dialog.getByLabel('API key', { exact: true }).fill(KEY);
  await dialog.getByRole('button', { name: 'Fetch models' }).click();
  await expect(dialog.getByTestId('fetched-models-status')).toHaveText('Models found: 3. Tick the ones to offer in the chat.');
  await dialog.getByRole('checkbox', { name: /^scripted-model/ }).check();
  await dialog.getByRole('checkbox', { name: /^vision-large/ }).check();
  await expect(dialog.getByLabel('Model 1', { exact: true })).toHaveValue('scripted-model');
  await expect(dialog.getByLabel('Model 2', { exact: true })).toHaveValue('vision-large');
  await dialog.getByLabel('Default model', { exact: true }).selectOption('vision-large');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Providers' }).getByRole('row').filter({ hasText: 'Scripted' })).toContainText('scripted-model, vision-large');
}

/** Pastes an image into the message box, as the system clipboard hands one to the page. */
async function pasteImage(page: Page, name: string, png: Buffer): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).evaluate(
    (box, { name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: 'image/png' }));
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { name, base64: png.toString('base64') },
  );
}

test('models come from the provider’s list, and the system prompt, a picked and a pasted image and a text file reach it in its own form', async ({ page, host, provider }) => {
  await provider.setScript({
    apiKey: KEY,
    models: ['scripted-model', { id: 'vision-large', displayName: 'Vision Large' }, 'scripted-mini'],
    turns: [
      {
        format: 'openai',
        text: ['A blue-to-amber gradient, ', 'matey.'],
        expect: { system: PROMPT, images: [{ mimeType: 'image/png', data: PICKED.toString('base64') }], userText: ['notes.md', 'The treasure is under the palm tree.'] },
      },
      { format: 'openai', text: ['A green-to-red one, arr.'], expect: { system: PROMPT, images: [{ mimeType: 'image/png', data: PASTED.toString('base64') }] } },
    ],
  });
  await page.goto(host.url);
  await addProviderFromList(page, provider);
  expect((await provider.requests()).filter((r) => r.path === '/v1/models' && r.apiKey === KEY)).toHaveLength(1);

  // A new conversation starts with the provider's default model.
  await openChat(page);
  await page.getByRole('button', { name: 'New conversation' }).click();
  const picker = page.getByTestId('model-picker');
  await expect(picker).toHaveAccessibleName('Model: vision-large (Scripted)');

  // The picker lists what the provider's models endpoint answers, beyond the two set up.
  await picker.click();
  const list = page.getByRole('listbox', { name: 'Models' });
  await expect(list.getByRole('option', { name: /scripted-mini/ })).toBeVisible();
  await expect(list.getByRole('option', { name: /vision-large.*Vision Large.*default/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Search models' }).fill('mini');
  // The search keeps the matching listed model, and offers the typed name as a model the list does not show.
  await expect(list.getByRole('group', { name: 'Scripted' }).getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option', { name: 'Use “mini” with Scripted' })).toBeVisible();
  await list.getByRole('option', { name: /scripted-mini/ }).click();
  await expect(picker).toHaveAccessibleName('Model: scripted-mini (Scripted)');
  await expect(picker).toBeFocused();

  // The conversation's system prompt, from its dialog.
  const promptButton = page.getByRole('button', { name: /^System prompt/ });
  await promptButton.click();
  const promptDialog = page.getByRole('dialog', { name: 'System prompt' });
  await promptDialog.getByRole('textbox', { name: 'System prompt for this conversation' }).fill(PROMPT);
  await promptDialog.getByRole('button', { name: 'Save' }).click();
  await expect(promptDialog).toBeHidden();
  await expect(promptButton).toBeFocused();
  await expect(promptButton).toHaveAccessibleName(/\(set\)/);

  // An image and a text file, picked; shown before sending, removable.
  await page.getByTestId('attach-input').setInputFiles([
    { name: 'gradient.png', mimeType: 'image/png', buffer: PICKED },
    { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) },
    { name: 'extra.txt', mimeType: 'text/plain', buffer: Buffer.from('not this one') },
  ]);
  const tray = page.getByRole('list', { name: 'Files to send' });
  await expect(tray.getByRole('listitem')).toHaveCount(3);
  await tray.getByRole('button', { name: 'Remove extra.txt' }).click();
  await expect(tray.getByRole('listitem')).toHaveCount(2);
  await sendMessage(page, 'What is in the picture?');

  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByRole('article', { name: 'Assistant' }).last()).toHaveText('A blue-to-amber gradient, matey.');
  await expect(tray).toBeHidden();
  const sent = log.getByRole('article', { name: 'You' }).first().getByRole('list', { name: 'Files sent with this message' });
  await expect(sent.getByRole('img', { name: 'Image gradient.png' })).toBeVisible();
  await expect(sent).toContainText('notes.md');

  // A pasted image goes with the next message; the first one is sent again in the history.
  await pasteImage(page, 'pasted.png', PASTED);
  await expect(tray.getByRole('listitem')).toHaveCount(1);
  await sendMessage(page, 'And this one?');
  await expect(log.getByRole('article', { name: 'Assistant' }).last()).toHaveText('A green-to-red one, arr.');

  const [first, second, ...rest] = await provider.completions();
  expect(rest).toEqual([]);
  expect([first!.outcome, second!.outcome]).toEqual(['reply', 'reply']);
  expect(first!.body.model).toBe('scripted-mini');
  expect(first!.body.messages[0]).toEqual({ role: 'system', content: PROMPT });
  const history = second!.body.messages.find((m) => m.role === 'user');
  expect(history?.content).toEqual(expect.arrayContaining([{ type: 'image_url', image_url: { url: `data:image/png;base64,${PICKED.toString('base64')}` } }]));

  // After a reload the sent files are still shown with their messages.
  await page.reload();
  const reloaded = page.getByRole('log', { name: 'Messages' });
  await expect(reloaded.getByRole('img', { name: 'Image gradient.png' })).toBeVisible();
  await expect(reloaded.getByRole('img', { name: 'Image pasted.png' })).toBeVisible();
  fs.writeFileSync(test.info().outputPath('sent-attachments.png'), await page.screenshot());
});

const LANGUAGES = ['en', 'zh', 'ja'] as const;
const SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 600 },
];
/** Settings' way back to the chat in each language (locales/<lang>/app/shell.json). */
const SETTINGS_BACK = { en: 'Back to chat', zh: '返回聊天', ja: 'チャットに戻る' };

/** Settings → General (its last section) → Language, by position, so it works from any language. */
async function chooseLanguage(page: Page, language: (typeof LANGUAGES)[number]): Promise<void> {
  const settings = page.getByTestId('sidebar').getByRole('navigation').last().getByRole('button').last();
  if (await settings.isVisible()) await settings.click();
  await page.getByRole('tablist').getByRole('tab').last().click();
  await page.getByRole('tabpanel').getByRole('combobox').first().selectOption(language);
  await expect(page.getByRole('button', { name: SETTINGS_BACK[language] })).toBeVisible();
}

test('the model picker, the files to send, the system prompt dialog and the provider form’s model list, in en, zh and ja at 1280×800 and 900×600', async ({ page, host, provider }) => {
  await provider.setScript({
    apiKey: KEY,
    models: [
      'scripted-model',
      { id: 'vision-large', displayName: 'Vision Large' },
      'scripted-mini',
      { id: 'accounts/fireworks/models/llama-v3p1-405b-instruct-long-context-preview', displayName: 'Llama 3.1 405B Instruct (long context, preview)' },
      ...Array.from({ length: 12 }, (_, i) => `extra-model-${i + 1}`),
    ],
  });
  await page.goto(host.url);
  await openSettings(page);
  await page.getByRole('tab', { name: 'Providers' }).click();
  await page.getByRole('button', { name: 'Add provider' }).click();
  const form = page.getByRole('dialog', { name: 'Add provider' });
  await form.getByLabel('Name', { exact: true }).fill('Scripted');
  await form.getByLabel('Type', { exact: true }).selectOption({ label: 'OpenAI-compatible' });
  await form.getByLabel(/^Base URL/).fill(provider.openaiBaseUrl);
  await form.getByLabel('API key', { exact: true }).fill(KEY);
  await form.getByLabel('Model 1', { exact: true }).fill('scripted-model');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await openChat(page);
  await page.getByRole('button', { name: 'New conversation' }).click();
  await expect(page.getByTestId('model-picker')).toBeVisible();

  const shot = async (name: string) => fs.writeFileSync(test.info().outputPath(name), await page.screenshot());
  for (const language of LANGUAGES) {
    await chooseLanguage(page, language);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const tag = `${language}-${size.width}x${size.height}`;

      // Settings → General: the default system prompt, the last section.
      await page.getByRole('tablist').getByRole('tab').last().click();
      await page.getByRole('tabpanel').locator('textarea').last().scrollIntoViewIfNeeded();
      await shot(`general-system-prompt-${tag}.png`);

      // Settings → Providers → edit → fetch models.
      await page.getByRole('tablist').getByRole('tab').nth(4).click();
      await page.getByRole('table').getByRole('row').nth(1).getByRole('button').nth(1).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('.fetched-models__bar .button').click();
      await expect(dialog.getByRole('checkbox')).toHaveCount(16);
      await dialog.getByRole('checkbox').nth(3).check();
      await dialog.getByRole('checkbox').nth(3).scrollIntoViewIfNeeded();
      await shot(`provider-form-${tag}.png`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: SETTINGS_BACK[language] }).click();
      const picker = page.getByTestId('model-picker');
      await expect(picker).toBeVisible();

      // Files waiting to be sent, and one refused with its reason.
      await page.getByTestId('attach-input').setInputFiles([
        { name: 'gradient.png', mimeType: 'image/png', buffer: PICKED },
        { name: 'quarterly-report-final-version-2026-with-appendix.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) },
        { name: 'archive.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\u0003\u0004') },
      ]);
      await expect(page.locator('.attachment-tray .attachment')).toHaveCount(2);
      await shot(`attachments-${tag}.png`);

      await picker.click();
      await expect(page.locator('.model-picker__popover')).toBeVisible();
      await expect(page.locator('.model-picker__popover')).toBeInViewport({ ratio: 1 });
      await shot(`model-picker-${tag}.png`);
      await page.keyboard.press('Escape');

      await page.locator('.system-prompt__trigger').click();
      const promptDialog = page.getByRole('dialog');
      await promptDialog.getByRole('textbox').fill(PROMPT);
      await expect(promptDialog).toBeInViewport({ ratio: 1 });
      await shot(`system-prompt-${tag}.png`);
      await page.keyboard.press('Escape');
      await expect(promptDialog).toBeHidden();

      // The chat stays as it was while Settings shows: its files are removed before the next size.
      while ((await page.locator('.attachment__remove').count()) > 0) await page.locator('.attachment__remove').first().click();
      await page.getByTestId('sidebar').getByRole('navigation').last().getByRole('button').last().click();
    }
  }
});
