/**
 * Screenshots of each main screen at 1280×800 and 900×600 in en, zh and ja, written to
 * test-results/screenshots/ for a person to look at (not compared pixel by pixel): the chat with no
 * conversation, a new conversation, a tool call waiting for approval and answered, the sidebar with
 * thirty conversations over every date group, its menu open and folded to a rail, Settings (Tools
 * and General), and the dark theme. Each screen is also checked for a visible `{{placeholder}}` and
 * a button or header wrapped onto two lines.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CONNECT_TIMEOUT_MS, launchHost, ROOT } from './fixtures';
import { addEverythingServer, expect, test } from './scriptedProvider';
import { LANGUAGES, type Language, message, SIZES, seedDataDir, visiblePlaceholders, wrappedLabels } from './layoutHelpers';

const SHOTS = path.join(ROOT, 'test-results', 'screenshots');
const ECHO = 'mcp__everything__echo';

/** Writes `<screen>-<language>-<width>x<height>.png` at both sizes, after checking the layout. */
async function shoot(page: Page, screen: string, language: Language, problems: string[]): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const where = `${screen} ${language} ${size.width}×${size.height}`;
    for (const label of await wrappedLabels(page)) problems.push(`${where}: ${label}`);
    for (const text of await visiblePlaceholders(page)) problems.push(`${where}: placeholder in “${text}”`);
    await page.screenshot({ path: path.join(SHOTS, `${screen}-${language}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

for (const language of LANGUAGES) {
  test(`the chat, a tool call, Settings and the dark theme in ${language}`, async ({ page, provider }) => {
    test.setTimeout(120_000);
    const t = (key: string) => message(language, key);
    await provider.setScript({
      turns: [
        { format: 'openai', text: ['Let me echo that.'], toolCalls: [{ id: 'call_echo', name: ECHO, arguments: { message: 'hello' } }] },
        { format: 'openai', text: ['The server echoed **hello** back.'] },
      ],
    });
    const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { language, providerUrl: provider.openaiBaseUrl }) });
    try {
      addEverythingServer(host.cli);
      const problems: string[] = [];
      await page.setViewportSize(SIZES[0]);
      await page.goto(host.url);
      const nav = page.getByRole('navigation', { name: t('app/shell:nav.label') });

      await expect(page.getByText(t('chat/conversations:empty'))).toBeVisible();
      await shoot(page, 'chat-empty', language, problems);

      await nav.getByRole('button', { name: t('app/shell:nav.settings') }).click();
      await expect(page.getByTestId('mcp-server-row').filter({ hasText: 'everything' }).getByTestId('mcp-server-status')).toHaveAttribute('data-status', 'connected', {
        timeout: CONNECT_TIMEOUT_MS,
      });
      await shoot(page, 'settings', language, problems);
      // General, where the theme and the language are chosen.
      await page.getByRole('tab', { name: t('settings/common:sections.general') }).click();
      await expect(page.getByRole('group', { name: t('settings/general:theme.label') })).toBeVisible();
      await shoot(page, 'settings-general', language, problems);
      await page.getByRole('tab', { name: t('settings/common:sections.servers') }).click();
      await nav.getByRole('button', { name: t('app/shell:nav.back') }).click();

      await page.keyboard.press('ControlOrMeta+Shift+O');
      const box = page.getByRole('textbox', { name: t('chat/conversations:composer.label') });
      await expect(box).toBeFocused();
      await shoot(page, 'chat-new', language, problems);

      await box.fill('Echo “hello”, please.');
      await page.keyboard.press('Enter');
      const prompt = page.getByTestId('approval-prompt');
      await expect(prompt).toBeVisible();
      await shoot(page, 'chat-approval', language, problems);

      await prompt.getByRole('button', { name: t('chat/tool-calls:approval.allowOnce') }).click();
      await expect(page.getByRole('log').getByRole('article').last()).toContainText('hello');
      await expect(page.getByRole('button', { name: t('chat/conversations:composer.send') })).toBeVisible();
      await shoot(page, 'chat-tool-call', language, problems);

      await page.evaluate(() => {
        document.documentElement.dataset.theme = 'dark';
      });
      await shoot(page, 'dark-chat-tool-call', language, problems);
      expect(problems).toEqual([]);
    } finally {
      await host.stop();
    }
  });

  test(`the sidebar with thirty conversations in ${language}`, async ({ page }) => {
    const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { language, conversations: 30 }) });
    try {
      const problems: string[] = [];
      await page.setViewportSize(SIZES[0]);
      await page.goto(host.url);
      const list = page.getByTestId('conversation-list');
      await expect(list.getByRole('listitem')).toHaveCount(30);
      await shoot(page, 'sidebar-many', language, problems);

      const row = list.getByRole('listitem').nth(1);
      await row.hover();
      await row.getByRole('button').last().click();
      await expect(page.getByRole('menuitem', { name: message(language, 'chat/conversations:list.rename') })).toBeVisible();
      await shoot(page, 'sidebar-menu', language, problems);

      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: message(language, 'chat/conversations:sidebar.hide') }).click();
      await expect(page.getByRole('button', { name: message(language, 'chat/conversations:sidebar.show') })).toBeVisible();
      await shoot(page, 'sidebar-folded', language, problems);
      expect(problems).toEqual([]);
    } finally {
      await host.stop();
    }
  });
}
