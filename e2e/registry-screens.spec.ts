/**
 * The MCP Registry browser's screens in en, zh and ja at 1280×800 and 900×600, against the local
 * registry fixture: Servers with its Browse button, the browser with its results (deprecated shown), the option chooser, the install
 * dialog with a required field's error, and the offline note over the saved results. Each is checked
 * for a sideways overflow, a wrapped button or header and a visible {{placeholder}}, and written to
 * test-results/screenshots/ for a person to look at.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, launchHost, ROOT, test } from './fixtures';
import { LANGUAGES, type Language, message, SIZES, seedDataDir, visiblePlaceholders, wrappedLabels } from './layoutHelpers';
import { startAnnouncing, stopProcess } from './processes';

const SHOTS = path.join(ROOT, 'test-results', 'screenshots');
const REGISTRY_SERVER = path.join(ROOT, 'e2e', 'registryServer.mjs');

/** Nothing reaches past the window or the settings pane sideways. */
function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) problems.push(`the window scrolls sideways (${document.documentElement.scrollWidth})`);
    const panel = document.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])');
    if (panel && panel.scrollWidth > panel.clientWidth + 1) problems.push(`the section is wider than its pane (${panel.scrollWidth} > ${panel.clientWidth})`);
    for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"]')) {
      const box = dialog.getBoundingClientRect();
      if (box.right > window.innerWidth + 1 || box.left < -1) problems.push('a dialog reaches past the window');
      if (dialog.scrollWidth > dialog.clientWidth + 1) problems.push('a dialog scrolls sideways');
    }
    return problems;
  });
}

async function shoot(page: Page, screen: string, language: Language, problems: string[]): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const where = `${screen} ${language} ${size.width}×${size.height}`;
    for (const problem of [...(await overflow(page)), ...(await wrappedLabels(page))]) problems.push(`${where}: ${problem}`);
    for (const text of await visiblePlaceholders(page)) problems.push(`${where}: placeholder in “${text}”`);
    await page.screenshot({ path: path.join(SHOTS, `registry-${screen}-${language}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

for (const language of LANGUAGES) {
  test(`the registry browser, its install dialogs and the offline note in ${language}`, async ({ page }) => {
    test.setTimeout(120_000);
    const t = (key: string, params: Record<string, string | number> = {}) => message(language, key, params);
    const { child: registry, announced } = await startAnnouncing<{ url: string }>('the registry fixture', [REGISTRY_SERVER], ROOT);
    const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { language }) });
    try {
      const problems: string[] = [];
      await page.setViewportSize(SIZES[0]);
      await page.goto(host.url);
      await page.getByRole('navigation', { name: t('app/shell:nav.label') }).getByRole('button', { name: t('app/shell:nav.settings') }).click();
      await expect(page.getByRole('button', { name: t('settings/registry:open') }).first()).toBeVisible();
      await shoot(page, 'servers', language, problems);
      await page.getByRole('button', { name: t('settings/registry:open') }).first().click();
      const browser = page.getByRole('region', { name: t('settings/registry:title') });
      await browser.getByRole('button', { name: t('settings/registry:url.changeLabel') }).click();
      await browser.getByLabel(t('settings/registry:url.label')).fill(announced.url);
      await browser.getByRole('button', { name: t('settings/registry:url.save') }).click();
      await expect(browser.getByTestId('registry-entry').first()).toBeVisible();
      // The deprecated and removed records sit among io.github.example's, past the first page of everything.
      await browser.getByRole('searchbox', { name: t('settings/registry:search') }).fill('io.github.example');
      await browser.getByLabel(t('settings/registry:showInactive')).check();
      await expect(browser.getByTestId('registry-status')).toHaveCount(2);
      await shoot(page, 'browser', language, problems);

      await browser.getByRole('searchbox', { name: t('settings/registry:search') }).fill('tickets');
      const tickets = browser.locator('[data-testid="registry-entry"][data-name="com.example/tickets"]');
      await tickets.getByRole('button', { name: t('settings/registry:installNamed', { name: 'Tickets' }) }).click();
      const choose = page.getByRole('dialog', { name: t('settings/registry:choose.title', { name: 'Tickets' }) });
      await expect(choose.getByRole('radio')).toHaveCount(2);
      await shoot(page, 'choose', language, problems);
      await choose.getByRole('button', { name: t('settings/registry:choose.next') }).click();
      const dialog = page.getByRole('dialog', { name: t('settings/registry:dialog.title', { name: 'Tickets' }) });
      await dialog.getByRole('button', { name: t('settings/registry:dialog.submit') }).click();
      await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
      await shoot(page, 'install-dialog', language, problems);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await browser.getByRole('searchbox', { name: t('settings/registry:search') }).fill('');
      await expect(browser.getByTestId('registry-entry').first()).toBeVisible();
      await stopProcess(registry);
      await browser.getByRole('button', { name: t('settings/registry:back') }).click();
      await page.getByRole('button', { name: t('settings/registry:open') }).first().click();
      await expect(browser.getByTestId('registry-offline')).toBeVisible();
      await shoot(page, 'offline', language, problems);

      expect(problems).toEqual([]);
    } finally {
      await host.stop();
      await stopProcess(registry);
    }
  });
}
