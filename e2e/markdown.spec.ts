/**
 * An answer rendered as Markdown while it streams, in Chromium against the headless host and the
 * scripted provider: a heading, a table, a task list, a highlighted code block whose Copy button puts
 * the code on the clipboard, and math typeset by KaTeX — in English, Chinese and Japanese (the
 * browser's language, which the app follows), at 1280×800 and 900×600. Screenshots go to
 * $ELFTIA_SHOTS_DIR (default /tmp/markdown-shots) for review.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ROOT } from './fixtures';
import { addProviderInUi, expect, test } from './scriptedProvider';

const SHOTS_DIR = process.env.ELFTIA_SHOTS_DIR ?? '/tmp/markdown-shots';
const LANGUAGES = ['en', 'zh', 'ja'] as const;
type Language = (typeof LANGUAGES)[number];
const BROWSER_LOCALE: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', ja: 'ja-JP' };
const SIZES = [
  { width: 1280, height: 800 },
  { width: 900, height: 600 },
];

function messages(language: Language, namespace: string): Record<string, Record<string, string>> {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', language, `${namespace}.json`), 'utf8')) as Record<string, Record<string, string>>;
}

/** The labels this test looks for, from the locale files, so each language is checked in its own words. */
function labels(language: Language) {
  const chat = messages(language, 'chat/conversations');
  const code = messages(language, 'chat/markdown').code!;
  return {
    newConversation: chat.list!.new!,
    log: chat.messages!.label!,
    assistant: chat.messages!.assistant!,
    composer: chat.composer!.label!,
    send: chat.composer!.send!,
    copy: code.copy!,
    copied: code.copied!,
  };
}

const CODE = "const greeting: string = 'hello';\nconsole.log(greeting);";

const ANSWER = [
  '# Release notes',
  '',
  'Elftia renders **Markdown** now, with ~~raw~~ formatted text and links such as https://modelcontextprotocol.io/docs.',
  '',
  '| Feature | Status | 説明 |',
  '|---------|:------:|------|',
  '| Tables | done | 表を表示する |',
  '| Code | done | コードを強調表示する |',
  '',
  '- [x] Headings',
  '- [ ] Footnotes',
  '',
  '```ts',
  CODE,
  '```',
  '',
  'Pythagoras: $a^2 + b^2 = c^2$, and the sum',
  '',
  '$$',
  '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}',
  '$$',
].join('\n');

/** The answer as a model streams it: a few characters per event. */
function chunks(text: string, size = 4): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

/**
 * Records, from before the answer arrives, anything a half-streamed construct would flash: a
 * paragraph showing a table's pipes or bold's asterisks, or a code block labelled with part of its
 * language name.
 */
async function watchForFlashes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { flashes: string[] }).flashes = seen;
    new MutationObserver(() => {
      for (const p of document.querySelectorAll('.markdown p')) if (/\||\*\*/.test(p.textContent ?? '')) seen.push(`p: ${p.textContent}`);
      for (const label of document.querySelectorAll('.markdown__code-language')) if (label.textContent !== 'ts') seen.push(`label: ${label.textContent}`);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function openInLanguage(browser: Browser, url: string, origin: string, language: Language) {
  const context = await browser.newContext({ locale: BROWSER_LOCALE[language], viewport: SIZES[0] });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(url);
  return { context, page, refused };
}

test('an answer streams in as Markdown: heading, table, task list, highlighted code with a working Copy button, and math, in en, zh and ja', async ({
  browser,
  page,
  host,
  provider,
}) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.goto(host.url);
  await addProviderInUi(page, { name: 'Scripted', type: 'OpenAI-compatible', baseUrl: provider.openaiBaseUrl, apiKey: 'sk-scripted', model: 'scripted-model' });

  for (const language of LANGUAGES) {
    const label = labels(language);
    await provider.setScript({ turns: [{ format: 'openai', text: chunks(ANSWER), chunkDelayMs: 5 }] });
    const { context, page: view, refused } = await openInLanguage(browser, host.url, host.origin, language);
    try {
      await view.getByRole('button', { name: label.newConversation }).first().click();
      await watchForFlashes(view);
      await view.getByRole('textbox', { name: label.composer }).fill('What changed?');
      await view.getByRole('button', { name: label.send }).click();

      const answer = view.getByRole('log', { name: label.log }).getByRole('article', { name: label.assistant }).last();
      await expect(answer).toHaveAttribute('data-status', 'done');
      await expect(answer.locator('h1')).toHaveText('Release notes');
      await expect(answer.getByRole('heading', { level: 1 })).toHaveText('Release notes');
      await expect(answer.locator('strong')).toHaveText('Markdown');
      await expect(answer.locator('del')).toHaveText('raw');
      const docs = answer.getByRole('link', { name: 'https://modelcontextprotocol.io/docs' });
      await expect(docs).toHaveAttribute('target', '_blank');
      await expect(docs).toHaveAttribute('rel', 'noopener noreferrer');

      const table = answer.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText(['Feature', 'Status', '説明']);
      await expect(table.getByRole('row')).toHaveCount(3);
      await expect(answer.getByRole('checkbox')).toHaveCount(2);
      await expect(answer.getByRole('checkbox').first()).toBeChecked();

      const block = answer.getByTestId('code-block');
      await expect(block.locator('.markdown__code-language')).toHaveText('ts');
      await expect(block.locator('code[data-highlighted="true"] .hljs-keyword').first()).toHaveText('const');
      await expect(block.locator('code .hljs-string').first()).toHaveText("'hello'");
      // Highlighted in colour: the keyword is not the colour of plain text.
      const colours = await block.locator('code').evaluate((code) => ({
        plain: getComputedStyle(code).color,
        keyword: getComputedStyle(code.querySelector('.hljs-keyword')!).color,
      }));
      expect(colours.keyword).not.toBe(colours.plain);

      await block.getByRole('button', { name: label.copy }).click();
      await expect(block.getByRole('button', { name: label.copied })).toBeVisible();
      // Polled, so a clipboard read that never settles fails here with its value instead of hanging.
      await expect.poll(() => view.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
      await expect(block.getByRole('button', { name: label.copy })).toBeVisible({ timeout: 5_000 });

      await expect(answer.locator('.katex')).toHaveCount(2);
      await expect(answer.locator('.katex-display')).toHaveCount(1);
      // KaTeX's own fonts loaded (its stylesheet and fonts came through the page's CSP).
      await expect
        .poll(() => view.evaluate(() => [...document.fonts].some((font) => font.family.includes('KaTeX_Main') && font.status === 'loaded')))
        .toBe(true);

      expect(await view.evaluate(() => (window as unknown as { flashes: string[] }).flashes)).toEqual([]);

      for (const size of SIZES) {
        await view.setViewportSize(size);
        // The table scrolls inside the answer rather than widening it past the window.
        const box = await answer.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
        await answer.locator('h1').scrollIntoViewIfNeeded();
        await view.screenshot({ path: path.join(SHOTS_DIR, `answer-${language}-${size.width}x${size.height}-top.png`) });
        await answer.locator('.katex-display').scrollIntoViewIfNeeded();
        await view.screenshot({ path: path.join(SHOTS_DIR, `answer-${language}-${size.width}x${size.height}-end.png`) });
      }
      if (language === 'en') {
        await view.emulateMedia({ colorScheme: 'dark' });
        await block.scrollIntoViewIfNeeded();
        await view.screenshot({ path: path.join(SHOTS_DIR, 'answer-en-900x600-dark.png') });
      }
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  }
});
