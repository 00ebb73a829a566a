/**
 * The layout at the window sizes the UI is checked at (1280×800, and 900×600, the smallest
 * supported) in English, Chinese and Japanese: no button, tab or column header wraps its label
 * (auto table layout squeezed "有効" to one character per line, "サーバーを追加" left "加" alone),
 * in a long conversation the composer and Send stay inside the window, and a failure that belongs to
 * no field is scrolled into view when Save, at the bottom of a tall form, is pressed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { launchHost, openSettings, runCli } from './fixtures';
import { addProviderInUi, expect, openChat, sendMessage, test } from './scriptedProvider';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 600 },
];
const LANGUAGES = ['en', 'zh', 'ja'] as const;
/** The main navigation's Settings button in each language (locales/<lang>/app/shell.json). */
const SETTINGS_LABEL = { en: 'Settings', zh: '设置', ja: '設定' };

/** Buttons, tabs and column headers whose label the browser laid out on more than one line. */
function wrappedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wrapped: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('button, [role="tab"], th[scope="col"]')) {
      if (element.closest('.visually-hidden') || element.getClientRects().length === 0) continue;
      const lineTops = new Set<number>();
      const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        if (text.parentElement?.closest('.visually-hidden')) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const rect of range.getClientRects()) if (rect.width > 0) lineTops.add(Math.round(rect.top));
      }
      if (lineTops.size > 1) wrapped.push(`${element.tagName.toLowerCase()} “${element.textContent?.trim()}” on ${lineTops.size} lines`);
    }
    return wrapped;
  });
}

/** Settings' sections, in the order of its navigation; General is the last. */
const SECTION_COUNT = 6;

async function chooseLanguage(page: Page, language: (typeof LANGUAGES)[number]): Promise<void> {
  await page.getByRole('navigation').first().getByRole('button').nth(1).click();
  await page.getByRole('tab').nth(SECTION_COUNT - 1).click();
  await page.getByRole('tabpanel').getByRole('combobox').first().selectOption(language);
  await expect(page.getByRole('navigation').first().getByRole('button').nth(1)).toHaveText(SETTINGS_LABEL[language]);
}

test('no button, tab or column header wraps its label, in en, zh and ja at 1280×800 and 900×600', async ({ page, host }) => {
  // A row in each table: a server (stored switched off, so nothing starts) and a provider.
  const added = host.cli(['mcp', 'add', 'files', '--transport', 'stdio', '--command', 'node', '--disabled']);
  expect(added.status, added.stderr).toBe(0);
  await page.goto(host.url);
  await addProviderInUi(page, { name: 'Local', type: 'OpenAI-compatible', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-local', model: 'local-model' });

  const found: string[] = [];
  for (const language of LANGUAGES) {
    await chooseLanguage(page, language);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (let tab = 0; tab < SECTION_COUNT; tab += 1) {
        await page.getByRole('tab').nth(tab).click();
        await expect(page.getByRole('tabpanel').getByRole('button').first()).toBeVisible();
        for (const label of await wrappedLabels(page)) found.push(`${language} ${size.width}×${size.height} section ${tab}: ${label}`);
      }
    }
  }
  expect(found).toEqual([]);
});

test('in a long conversation the composer and Send stay inside the window, at 1280×800 and 900×600', async ({ page, host, provider }) => {
  const longAnswer = Array.from({ length: 80 }, (_, line) => `Line ${line + 1} of a long answer.\n\n`);
  await provider.setScript({ turns: [{ format: 'openai', text: longAnswer }] });
  await page.goto(host.url);
  await addProviderInUi(page, { name: 'Scripted', type: 'OpenAI-compatible', baseUrl: provider.openaiBaseUrl, apiKey: 'sk-scripted', model: 'scripted-model' });
  await openChat(page);
  await page.getByRole('button', { name: 'New conversation' }).click();
  await sendMessage(page, 'Tell me a long story');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByRole('article', { name: 'Assistant' }).last()).toContainText('Line 80 of a long answer.');

  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const control of [page.getByRole('textbox', { name: 'Message' }), page.getByRole('button', { name: 'Send' })]) {
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    // The messages scroll on their own; the window does not.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
  }
});

test('at 900×600 a failure that belongs to no field is scrolled into view when Save is pressed', async ({ page }) => {
  // A stored secret whose key file is gone: the next secret cannot be sealed (SECRET_KEY_MISSING),
  // a failure of the form as a whole.
  const host = await launchHost({
    prepare: (dataDir) => {
      const added = runCli(dataDir, ['mcp', 'add', 'sealed', '--transport', 'stdio', '--command', 'node', '--env', 'TOKEN=sk-sealed', '--disabled']);
      expect(added.status, added.stderr).toBe(0);
      fs.rmSync(path.join(dataDir, 'secret.key'));
    },
  });
  try {
    await page.setViewportSize({ width: 900, height: 600 });
    await page.goto(host.url);
    await openSettings(page);
    await page.getByRole('button', { name: 'Add server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add MCP server' });
    await dialog.getByLabel('Name', { exact: true }).fill('second');
    await dialog.getByLabel('Command', { exact: true }).fill('node');
    await dialog.getByRole('button', { name: 'Add variable' }).click();
    await dialog.getByLabel('Variable name 1').fill('API_TOKEN');
    await dialog.getByLabel('Variable value 1').fill('sk-new');
    await dialog.getByRole('button', { name: 'Save' }).click();

    const failure = dialog.getByRole('alert');
    await expect(failure).toContainText('is missing, but secrets sealed with it are stored');
    await expect(failure).toBeInViewport({ ratio: 1 });
  } finally {
    await host.stop();
  }
});
