/**
 * Settings → Servers → Import… in Chromium against the real host: a pasted Claude Desktop config
 * with a real server (server-everything, run by node) is previewed, imported by keyboard and ends
 * connected; the dialog fits 1280×800 in en, zh and ja, with no label wrapped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CONNECT_TIMEOUT_MS, EVERYTHING_ENTRY, expect, launchHost, openSettings, test } from './fixtures';
import { LANGUAGES, message, seedDataDir, wrappedLabels } from './layoutHelpers';

const claudeConfig = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] }, ...extra } }, null, 2);

test('a pasted Claude Desktop config is previewed, imported by keyboard and its server connects', async ({ page, host }) => {
  await page.goto(host.url);
  await openSettings(page);
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import MCP servers' });
  const text = dialog.getByLabel('Config or command line');
  await expect(text).toBeFocused();
  await page.keyboard.insertText(claudeConfig());
  await expect(dialog.getByRole('row', { name: /everything/ })).toContainText('Add');
  expect(host.cli(['mcp', 'list', '--json']).stdout.trim()).toBe('[]');

  const importButton = dialog.getByRole('button', { name: 'Import 1' });
  await importButton.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Imported 1 server(s): everything.')).toBeVisible();
  const row = page.getByTestId('mcp-server-row').filter({ hasText: 'everything' });
  await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
  expect(JSON.parse(host.cli(['mcp', 'list', '--json']).stdout)).toMatchObject([{ name: 'everything', type: 'stdio', config: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] } }]);
});

test('a config with errors names entry and field, and Cancel (Escape) changes nothing', async ({ page, host }) => {
  await page.goto(host.url);
  await openSettings(page);
  await page.getByRole('button', { name: 'Import…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import MCP servers' });
  await page.keyboard.insertText(claudeConfig({ broken: { command: 'node', url: 'https://x.example/mcp' } }));
  await expect(dialog.getByRole('alert')).toContainText('broken › command: Use either this or “url”, not both.');
  await expect(dialog.getByRole('button', { name: /^Import \d/ })).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(host.cli(['mcp', 'list', '--json']).stdout.trim()).toBe('[]');
});

for (const language of LANGUAGES) {
  test(`${language}: the import and export dialogs fit 1280×800 with no label wrapped`, async ({ page }) => {
    const outDir = test.info().outputDir;
    fs.mkdirSync(outDir, { recursive: true });
    const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { language }) });
    try {
      expect(host.cli(['mcp', 'add', 'everything', '--transport', 'stdio', '--command', 'node', '--disabled']).status).toBe(0);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(host.url);
      await page.getByRole('navigation', { name: message(language, 'app/shell:nav.label') }).getByRole('button', { name: message(language, 'app/shell:nav.settings'), exact: true }).click();
      await page.getByRole('button', { name: message(language, 'settings/tools:importExport.importOpen') }).click();
      const dialog = page.getByRole('dialog', { name: message(language, 'settings/tools:importExport.importTitle') });
      await page.keyboard.insertText(claudeConfig({ _comment: 'mine', 'brave-search': { command: 'npx', args: ['-y', '@modelcontextprotocol/server-brave-search'], disabledTools: ['x'] }, broken: { type: 'pigeon' } }));
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expect(dialog.getByRole('table')).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 800 && box.x >= 0 && box.x + box.width <= 1280, `${language}: ${JSON.stringify(box)}`).toBe(true);
      expect(await wrappedLabels(page)).toEqual([]);
      await page.screenshot({ path: path.join(outDir, `import-${language}.png`) });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: message(language, 'settings/tools:importExport.exportOpen') }).click();
      await expect(page.getByRole('dialog', { name: message(language, 'settings/tools:importExport.exportTitle') })).toBeVisible();
      await page.screenshot({ path: path.join(outDir, `export-${language}.png`) });
    } finally {
      await host.stop();
    }
  });
}
