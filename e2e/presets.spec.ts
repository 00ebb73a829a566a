/**
 * Settings → Presets against the real headless host: a preset that needs a key asks for it and
 * connects with it; a preset whose runtime is missing offers the install, runs it (a stand-in `curl`
 * serving a stand-in uv, on a temporary HOME), then adds the server, which Settings → Servers shows
 * downloading on its first start ("Installing…") and then connected.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CONNECT_TIMEOUT_MS, expect, launchHost, openSettingsSection, ROOT, test } from './fixtures';
import { startAnnouncing, stopProcess } from './processes';
import { homeWithoutUv } from './standInUv';

function writePresets(dataDir: string, presets: unknown[]): void {
  fs.writeFileSync(path.join(dataDir, 'presets.json'), JSON.stringify({ presets }));
}

function presetsSection(page: Page) {
  return page.getByRole('region', { name: 'Official presets' });
}

test('a preset that needs a key asks for it in a dialog, then connects with it', async ({ page }) => {
  const key = `team-key-${Date.now()}`;
  const { child, announced } = await startAnnouncing<{ url: string }>('the bearer server', [path.join(ROOT, 'e2e/bearerMcpServer.mjs')], ROOT, {
    ...process.env,
    MCP_BEARER_KEY: key,
  });
  const host = await launchHost({
    prepare: (dataDir) =>
      writePresets(dataDir, [
        {
          id: 'team-remote',
          name: 'Team Remote',
          provider: 'example',
          category: 'general',
          description: 'Our remote MCP server.',
          tools: ['whoami'],
          transportType: 'http',
          url: announced.url,
          requiresApiKey: true,
          apiKeyHeader: { name: 'Authorization', scheme: 'Bearer' },
          icon: 'globe',
        },
      ]),
  });
  try {
    await page.goto(host.url);
    await openSettingsSection(page, 'Presets');
    const presets = presetsSection(page);
    // Search narrows the list to the one preset; its category chip does too.
    await presets.getByRole('searchbox', { name: 'Search presets' }).fill('team remote');
    await expect(presets.getByTestId('preset-card')).toHaveCount(1);
    const card = presets.getByTestId('preset-card').filter({ hasText: 'Team Remote' });
    await expect(card.getByTestId('preset-added')).toHaveCount(0);
    await card.getByRole('button', { name: 'Add Team Remote' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add Team Remote' });
    await dialog.getByRole('button', { name: 'Add and start' }).click();
    const keyField = dialog.getByLabel('API key (Authorization)');
    await expect(keyField).toHaveAttribute('aria-invalid', 'true');
    await expect(keyField).toBeFocused();
    await expect(page.getByTestId('mcp-server-row')).toHaveCount(0); // nothing stored half-way
    await keyField.fill(key);
    await dialog.getByRole('button', { name: 'Add and start' }).click();
    await expect(dialog).toBeHidden();

    // Settings moves to Servers, where the new server starts with its details open.
    await expect(page.getByRole('tab', { name: 'Servers' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'MCP servers' }).getByRole('status').filter({ hasText: 'Added “Team Remote”' })).toBeVisible();
    const row = page.getByTestId('mcp-server-row').filter({ hasText: 'Team Remote' });
    await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
    await expect(row.getByTestId('mcp-server-facts')).toContainText('Tools: 1');
    const details = page.getByRole('region', { name: 'Details of Team Remote' });
    await expect(details.getByTestId('mcp-tool')).toHaveCount(1);
    await expect(details.getByTestId('mcp-tool')).toContainText('whoami');
    await expect(page.getByRole('button', { name: 'Details for Team Remote' })).toBeFocused();
    await page.getByRole('tab', { name: 'Presets' }).click();
    await expect(card.getByTestId('preset-added')).toHaveText('Added');
    // The key was stored sealed: not in any file of the data dir.
    for (const file of fs.readdirSync(host.dataDir)) {
      const full = path.join(host.dataDir, file);
      if (fs.statSync(full).isFile()) expect(fs.readFileSync(full).includes(key), file).toBe(false);
    }
  } finally {
    await host.stop();
    await stopProcess(child);
  }
});

test('a preset whose runtime is missing offers the install, then adds the server, which installs and connects', async ({ page }) => {
  // No uv anywhere: a temporary HOME, and a PATH of the stand-in curl and the system's basics.
  const { home, binDir, env, remove } = homeWithoutUv();
  const host = await launchHost({
    env,
    prepare: (dataDir) =>
      writePresets(dataDir, [
        {
          id: 'team-python',
          name: 'Team Python Tool',
          provider: 'example',
          category: 'code-repo',
          description: 'A Python MCP server run by uvx.',
          tools: ['echo'],
          transportType: 'stdio',
          command: 'uvx',
          args: ['team-python-tool==1.0.0'],
          requiresApiKey: false,
          package: { registry: 'pypi', name: 'team-python-tool', version: '1.0.0', checkedOn: '2026-11-30' },
          icon: 'code',
        },
      ]),
  });
  try {
    await page.goto(host.url);
    await openSettingsSection(page, 'Runtimes');
    // Runtimes knows before anyone asks: uv and uvx missing, node found.
    await expect(page.getByTestId('runtimes-summary')).toHaveText('2 missing');
    await expect(page.getByTestId('runtime-row').filter({ hasText: 'node' }).first()).toContainText('Found');
    await page.getByRole('tab', { name: 'Presets' }).click();
    const presets = presetsSection(page);
    await presets.getByRole('button', { name: 'Code & repositories' }).click();
    await presets.getByRole('button', { name: 'Add Team Python Tool' }).click();

    const dialog = page.getByRole('dialog', { name: 'Install uv' });
    await expect(dialog.getByRole('alert')).toContainText('“uvx” was not found');
    await expect(dialog.getByTestId('runtime-install-plan')).toHaveText('Install runs: curl -LsSf https://astral.sh/uv/install.sh | sh');
    await dialog.getByRole('button', { name: 'Install uv' }).click();
    await expect(dialog.getByTestId('runtime-install-output')).toContainText('downloading uv 0.9.0');
    await expect(dialog.getByRole('status').filter({ hasText: 'is installed at' })).toContainText(
      `“uvx” 0.9.0 is installed at ${path.join(home, '.local/bin/uvx')}.`,
      { timeout: 30_000 },
    );
    expect(fs.readFileSync(path.join(binDir, 'curl-calls.txt'), 'utf8')).toContain('https://astral.sh/uv/install.sh');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId('mcp-server-row').filter({ hasText: 'Team Python Tool' });
    // The first start downloads the package as its own phase, then connects.
    await expect(row.getByTestId('mcp-server-status')).toHaveText('Installing…', { timeout: CONNECT_TIMEOUT_MS });
    await expect(row.getByTestId('mcp-server-installing')).toContainText('First start: downloading team-python-tool==1.0.0');
    await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
    await page.getByRole('tab', { name: 'Presets' }).click();
    await expect(presets.getByTestId('preset-card').filter({ hasText: 'Team Python Tool' }).getByTestId('preset-added')).toBeVisible();
    await page.getByRole('tab', { name: 'Runtimes' }).click();
    await expect(page.getByTestId('runtimes-summary')).toHaveText('All found');
  } finally {
    await host.stop();
    remove();
  }
});
