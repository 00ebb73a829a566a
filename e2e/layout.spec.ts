/**
 * The layout at the window sizes the UI is checked at (1280×800, and 900×600, the smallest
 * supported) in English, Chinese and Japanese: the window is app-shaped (only its regions scroll),
 * the composer and Send/Stop stay inside it with a long conversation, thirty conversations and
 * "Selected servers" open; no button, tab or column header wraps its label (auto table layout
 * squeezed "有効" to one character per line, "サーバーを追加" left "加" alone); and a failure that
 * belongs to no field is scrolled into view when Save, at the bottom of a tall form, is pressed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { launchHost, openSettings, runCli } from './fixtures';
import { LANGUAGES, type Language, message, SIZES, seedDataDir, wrappedLabels } from './layoutHelpers';
import { expect, test } from './scriptedProvider';

/** Settings' sections, in the order of its navigation; General is the last. */
const SECTION_COUNT = 6;

async function chooseLanguage(page: Page, from: Language, to: Language): Promise<void> {
  const nav = page.getByRole('navigation', { name: message(from, 'app/shell:nav.label') });
  const settings = nav.getByRole('button', { name: message(from, 'app/shell:nav.settings'), exact: true });
  if ((await settings.count()) > 0) await settings.click();
  await page.getByRole('tab').nth(SECTION_COUNT - 1).click();
  await page.getByRole('tabpanel').getByRole('combobox').first().selectOption(to);
  await expect(page.getByRole('navigation', { name: message(to, 'app/shell:nav.label') })).toBeVisible();
}

test('no button, tab or column header wraps its label in Settings, in en, zh and ja at 1280×800 and 900×600', async ({ page, provider }) => {
  const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { providerUrl: provider.openaiBaseUrl }) });
  try {
    // A row in each table: a server (stored switched off, so nothing starts) and a provider.
    const added = host.cli(['mcp', 'add', 'files', '--transport', 'stdio', '--command', 'node', '--disabled']);
    expect(added.status, added.stderr).toBe(0);
    await page.goto(host.url);

    const found: string[] = [];
    let current: Language = 'en';
    for (const language of LANGUAGES) {
      await chooseLanguage(page, current, language);
      current = language;
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
  } finally {
    await host.stop();
  }
});

/** Whether the element scrolls on its own (its content is taller than it is). */
const scrollsItself = (page: Page, selector: string) => page.locator(selector).evaluate((element) => element.scrollHeight > element.clientHeight);
/** The window itself never scrolls: the document is no taller or wider than the viewport. */
const windowFits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight && document.documentElement.scrollWidth <= window.innerWidth);

for (const language of LANGUAGES) {
  test(`${language}: with a long conversation, thirty conversations and Selected servers open, the composer and Send/Stop stay inside the window`, async ({ page, provider }) => {
    const t = (key: string, params?: Record<string, string | number>) => message(language, `chat/conversations:${key}`, params);
    const longAnswer = Array.from({ length: 80 }, (_, line) => `Line ${line + 1} of a long answer.\n\n`);
    await provider.setScript({ turns: [{ format: 'openai', text: longAnswer }, { format: 'openai', text: ['Thinking about it'], hold: true }] });
    const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { language, conversations: 30, providerUrl: provider.openaiBaseUrl }) });
    try {
      const added = host.cli(['mcp', 'add', 'files', '--transport', 'stdio', '--command', 'node', '--disabled']);
      expect(added.status, added.stderr).toBe(0);
      await page.setViewportSize(SIZES[0]);
      await page.goto(host.url);
      await expect(page.getByTestId('conversation-list').getByRole('listitem')).toHaveCount(30);
      await page.keyboard.press('ControlOrMeta+Shift+O');
      const box = page.getByRole('textbox', { name: t('composer.label') });
      await expect(box).toBeFocused();
      await box.fill('Tell me a long story');
      await page.keyboard.press('Enter');
      const log = page.getByRole('log', { name: t('messages.label') });
      await expect(log.getByRole('article').last()).toContainText('Line 80 of a long answer.');
      const send = page.getByRole('button', { name: t('composer.send'), exact: true });
      await expect(send).toBeVisible();

      const openSelectedServers = async (summary: string) => {
        await page.getByRole('button', { name: t('tools.button', { mode: summary }) }).click();
        // Clicked, not check(): the radio follows the stored choice, which main answers a moment later.
        const manual = page.getByRole('radio', { name: t('tools.manual') });
        if (!(await manual.isChecked())) await manual.click();
        await expect(manual).toBeChecked();
        await expect(page.getByRole('checkbox', { name: /files/ })).toBeVisible();
      };
      await openSelectedServers(t('tools.auto'));

      const problems: string[] = [];
      const check = async (state: string, controls: Array<ReturnType<Page['getByRole']>>) => {
        for (const size of SIZES) {
          await page.setViewportSize(size);
          const where = `${state} ${size.width}×${size.height}`;
          for (const control of controls) await expect(control, where).toBeInViewport({ ratio: 1 });
          await expect(page.locator('.tools-popover'), where).toBeInViewport({ ratio: 1 });
          expect(await windowFits(page), `${where}: the window scrolls`).toBe(true);
          // The messages and the list of conversations scroll on their own instead.
          expect(await scrollsItself(page, '.message-list'), `${where}: messages`).toBe(true);
          expect(await scrollsItself(page, '.sidebar__list'), `${where}: sidebar`).toBe(true);
          for (const label of await wrappedLabels(page)) problems.push(`${where}: ${label}`);
        }
      };
      await check('idle', [box, send]);

      // A turn that runs: Stop takes Send's place, in the same spot.
      // Closed first: the popover gives focus back to its button as it goes, after which Enter would reopen it.
      await page.keyboard.press('Escape');
      await expect(page.locator('.tools-popover')).toBeHidden();
      // The focus comes back to the Tools button a moment after the popover is gone; wait for it, so
      // it cannot land there again after the box below has been focused (a loaded CI run saw Enter reopen it).
      await expect(page.getByRole('button', { name: t('tools.button', { mode: t('tools.manualCount', { count: 0 }) }) })).toBeFocused();
      await box.fill('And then?');
      await expect(box).toBeFocused();
      await page.keyboard.press('Enter');
      const stop = page.getByRole('button', { name: t('composer.stop'), exact: true });
      await expect(stop).toBeVisible();
      await openSelectedServers(t('tools.manualCount', { count: 0 }));
      await check('running', [box, stop]);
      expect(problems).toEqual([]);

      await page.keyboard.press('Escape');
      await stop.click();
      await expect(send).toBeVisible();
    } finally {
      await host.stop();
    }
  });
}

test('the composer grows with its text up to a third of the window, then scrolls, with Send still inside the window', async ({ page }) => {
  const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { conversations: 1 }) });
  try {
    await page.setViewportSize(SIZES[1]);
    await page.goto(host.url);
    const box = page.getByRole('textbox', { name: message('en', 'chat/conversations:composer.label') });
    await expect(box).toBeFocused();
    const height = () => box.evaluate((element) => element.getBoundingClientRect().height);
    const empty = await height();

    await box.fill('one\ntwo\nthree\nfour');
    const fourLines = await height();
    expect(fourLines).toBeGreaterThan(empty);

    await box.fill(Array.from({ length: 60 }, (_, line) => `line ${line + 1}`).join('\n'));
    const long = await height();
    expect(long).toBeGreaterThan(fourLines);
    expect(long).toBeLessThanOrEqual(SIZES[1].height / 3 + 1);
    expect(await box.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await expect(page.getByRole('button', { name: message('en', 'chat/conversations:composer.send'), exact: true })).toBeInViewport({ ratio: 1 });
    expect(await windowFits(page)).toBe(true);
  } finally {
    await host.stop();
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
