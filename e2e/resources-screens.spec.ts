/**
 * Screenshots of the resources and prompts UI at 1280×800 in en, zh and ja, written to
 * test-results/screenshots/ for a person to look at: the composer's "Resources & prompts" popover,
 * a prompt's argument form with the server's suggestions, and the server details' Resources & prompts.
 * Each is also checked for a visible `{{placeholder}}` and a button or header wrapped onto two lines.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CONNECT_TIMEOUT_MS, launchHost, ROOT } from './fixtures';
import { addEverythingServer, expect, test } from './scriptedProvider';
import { LANGUAGES, type Language, message, SIZES, seedDataDir, visiblePlaceholders, wrappedLabels } from './layoutHelpers';

const SHOTS = path.join(ROOT, 'test-results', 'screenshots');

async function shoot(page: Page, screen: string, language: Language, problems: string[]): Promise<void> {
  const size = SIZES[0];
  await page.setViewportSize(size);
  const where = `${screen} ${language}`;
  for (const label of await wrappedLabels(page)) problems.push(`${where}: ${label}`);
  for (const text of await visiblePlaceholders(page)) problems.push(`${where}: placeholder in “${text}”`);
  await page.screenshot({ path: path.join(SHOTS, `${screen}-${language}-${size.width}x${size.height}.png`) });
}

for (const language of LANGUAGES) {
  test(`resources and prompts in ${language}`, async ({ page, provider }) => {
    test.setTimeout(120_000);
    const t = (key: string, params: Record<string, string | number> = {}) => message(language, key, params);
    const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { language, providerUrl: provider.openaiBaseUrl }) });
    try {
      addEverythingServer(host.cli);
      const problems: string[] = [];
      await page.setViewportSize(SIZES[0]);
      await page.goto(host.url);
      const nav = page.getByRole('navigation', { name: t('app/shell:nav.label') });
      await nav.getByRole('button', { name: t('app/shell:nav.settings') }).click();
      const row = page.getByTestId('mcp-server-row').filter({ hasText: 'everything' });
      await expect(row.getByTestId('mcp-server-status')).toHaveAttribute('data-status', 'connected', { timeout: CONNECT_TIMEOUT_MS });
      await page.getByRole('button', { name: t('settings/tools:list.detailsFor', { name: 'everything' }) }).click();
      const catalog = page.getByRole('region', { name: t('settings/resources:heading') });
      await expect(catalog.getByRole('list', { name: t('settings/resources:promptsList') })).toBeVisible();
      const first = catalog.getByTestId('mcp-resource').first();
      await first.getByRole('button', { name: t('settings/resources:preview') }).click();
      await expect(first.locator('pre')).toBeVisible();
      await catalog.getByRole('heading', { name: t('settings/resources:heading') }).scrollIntoViewIfNeeded();
      await shoot(page, 'resources-settings', language, problems);

      await nav.getByRole('button', { name: t('app/shell:nav.back') }).click();
      await page.getByRole('button', { name: t('chat/resources:button') }).click();
      const picker = page.getByRole('dialog', { name: t('chat/resources:button') });
      await expect(picker.getByRole('heading', { name: t('chat/resources:prompts') })).toBeVisible();
      await shoot(page, 'resources-picker', language, problems);

      await picker.getByRole('button', { name: /Team Management/ }).click();
      await picker.getByRole('textbox', { name: /^department/ }).fill('S');
      await expect(picker.getByRole('list', { name: t('chat/resources:suggestions', { name: 'department' }) })).toBeVisible();
      await picker.getByRole('button', { name: t('chat/resources:usePrompt') }).click();
      await expect(picker.getByText(t('chat/resources:requiredMissing'))).toBeVisible();
      await shoot(page, 'resources-prompt', language, problems);
      expect(problems).toEqual([]);
    } finally {
      await host.stop();
    }
  });
}
