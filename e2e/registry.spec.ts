/**
 * Settings → Servers → Browse the MCP Registry against the real headless host and the local registry
 * fixture on 127.0.0.1 (packages/desktop/test/fixtures/registry-server.mjs, its `/v0.1` API with
 * cursors): the registry URL set from the browser, search, Load more through the pages, a deprecated
 * record marked, the npm server-everything record installed from npm until it is connected with its
 * tools, a remote whose secret header never reaches the page or the data dir, a missing required
 * input refused on its field with nothing stored, the registry stopped → the cached page, marked
 * offline, and an install from the keyboard alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { expect, launchHost, openSettingsSection, ROOT, test } from './fixtures';
import { startAnnouncing, stopProcess } from './processes';

const REGISTRY_SERVER = path.join(ROOT, 'e2e', 'registryServer.mjs');
/** npx downloads server-everything from npm on its first start, then it connects. */
const INSTALL_TIMEOUT_MS = 180_000;

async function startRegistry(): Promise<{ child: ChildProcess; url: string }> {
  const { child, announced } = await startAnnouncing<{ url: string }>('the registry fixture', [REGISTRY_SERVER], ROOT);
  return { child, url: announced.url };
}

function browser(page: Page): Locator {
  return page.getByRole('region', { name: 'MCP Registry' });
}

function entry(page: Page, name: string): Locator {
  return browser(page).locator(`[data-testid="registry-entry"][data-name="${name}"]`);
}

/** Servers → Browse the MCP Registry, pointed at `registryUrl` through its "Change" line. */
async function openBrowser(page: Page, registryUrl: string): Promise<void> {
  await openSettingsSection(page, 'Servers');
  await page.getByRole('button', { name: 'Browse the MCP Registry' }).first().click();
  await browser(page).getByRole('button', { name: 'Change the registry' }).click();
  await browser(page).getByLabel('Registry URL').fill(registryUrl);
  await browser(page).getByRole('button', { name: 'Use this registry' }).click();
  await expect(browser(page).getByTestId('registry-url')).toContainText(`Registry: ${new URL(registryUrl).host}`);
}

/** Every file under the data dir whose bytes contain `text`. */
function filesContaining(dir: string, text: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((item) => {
    if (!item.isFile()) return [];
    const full = path.join(item.parentPath, item.name);
    return fs.readFileSync(full).includes(text) ? [full] : [];
  });
}

test('search, Load more through the pages, a deprecated record marked, and the npm server-everything record installed until connected with its tools', async ({ page }) => {
  test.setTimeout(INSTALL_TIMEOUT_MS + 60_000);
  const registry = await startRegistry();
  const host = await launchHost();
  try {
    await page.goto(host.url);
    await openBrowser(page, registry.url);
    const entries = browser(page).getByTestId('registry-entry');
    await expect(entries).toHaveCount(30);
    await browser(page).getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => entries.count()).toBeGreaterThan(30);
    // The last page: no more to load.
    await expect(browser(page).getByRole('button', { name: 'Load more' })).toHaveCount(0);
    const all = await entries.count();

    // Inactive records only when asked for, then marked.
    await browser(page).getByRole('searchbox', { name: 'Search the registry' }).fill('notes');
    await expect(entries.first()).toBeVisible();
    await expect(entry(page, 'io.github.example/old-notes')).toHaveCount(0);
    await browser(page).getByLabel('Show deprecated and removed').check();
    await expect(entry(page, 'io.github.example/old-notes').getByTestId('registry-status')).toHaveText('Deprecated');
    await expect(entry(page, 'io.github.example/old-notes').getByTestId('registry-status-message')).toHaveText('Deprecated: Use io.github.example/notes instead');
    await browser(page).getByLabel('Show deprecated and removed').uncheck();
    await expect(entry(page, 'io.github.example/old-notes')).toHaveCount(0);

    await browser(page).getByRole('searchbox', { name: 'Search the registry' }).fill('everything');
    await expect(entries).toHaveCount(1);
    expect(all).toBeGreaterThan(1);
    const everything = entry(page, 'io.github.modelcontextprotocol/server-everything');
    await expect(everything.getByRole('heading', { name: 'Everything' })).toBeVisible();
    await expect(everything.getByTestId('registry-option')).toHaveText(['npm']);
    await expect(everything.getByRole('link', { name: 'Repository of Everything' })).toHaveAttribute('href', 'https://github.com/modelcontextprotocol/servers');
    await everything.getByRole('button', { name: 'Install Everything' }).click();

    const dialog = page.getByRole('dialog', { name: 'Install Everything' });
    await expect(dialog.getByTestId('registry-install-summary')).toHaveText('npx -y @modelcontextprotocol/server-everything@2026.8.31');
    await dialog.getByRole('button', { name: 'Install and start' }).click();
    await expect(dialog).toBeHidden();

    // Like a preset: Servers, with the new server's details open while it downloads and connects.
    await expect(page.getByRole('region', { name: 'MCP servers' }).getByRole('status').filter({ hasText: 'Added “Everything”' })).toBeVisible();
    const row = page.getByTestId('mcp-server-row').filter({ hasText: 'Everything' });
    await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: INSTALL_TIMEOUT_MS });
    const details = page.getByRole('region', { name: 'Details of Everything' });
    await expect.poll(() => details.getByTestId('mcp-tool').count()).toBeGreaterThan(3);
    await expect(details.getByTestId('mcp-tool').filter({ hasText: 'echo' }).first()).toBeVisible();

    // Back in the browser, the record says it is added.
    await page.getByRole('button', { name: 'Browse the MCP Registry' }).first().click();
    await browser(page).getByRole('searchbox', { name: 'Search the registry' }).fill('everything');
    await expect(entry(page, 'io.github.modelcontextprotocol/server-everything').getByTestId('registry-added')).toHaveText('Added');
  } finally {
    await host.stop();
    await stopProcess(registry.child);
  }
});

test('a remote with a secret header: a missing required input is refused on its field with nothing stored; once given, the secret is never shown or written in plain text', async ({ page }) => {
  const secret = `tk-${Date.now()}-never-shown`;
  const registry = await startRegistry();
  const host = await launchHost();
  try {
    await page.goto(host.url);
    await openBrowser(page, registry.url);
    await browser(page).getByRole('searchbox', { name: 'Search the registry' }).fill('tickets');
    const tickets = entry(page, 'com.example/tickets');
    await expect(tickets.getByTestId('registry-option')).toHaveText(['HTTP', 'SSE']);
    await tickets.getByRole('button', { name: 'Install Tickets' }).click();

    const choose = page.getByRole('dialog', { name: 'Install Tickets' });
    await choose.getByRole('radio', { name: /HTTP/ }).check();
    await choose.getByRole('button', { name: 'Continue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install Tickets' });
    const tenant = dialog.getByLabel(/tenant/i);
    const token = dialog.locator('input[type="password"]');
    await expect(token).toHaveCount(1);

    // Nothing typed: the required fields say so, and nothing is stored.
    await dialog.getByRole('button', { name: 'Install and start' }).click();
    await expect(tenant).toHaveAttribute('aria-invalid', 'true');
    await expect(tenant).toBeFocused();
    await expect(dialog.getByText('This field is required.').first()).toBeVisible();
    await page.waitForTimeout(300);
    expect(host.cli(['mcp', 'list', '--json']).stdout).not.toContain('Tickets');

    await tenant.fill('acme');
    await token.fill(secret);
    await dialog.getByRole('button', { name: 'Install and start' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('mcp-server-row').filter({ hasText: 'Tickets' });
    await expect(row).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Details of Tickets' })).toBeVisible();

    expect(await page.content()).not.toContain(secret);
    await expect(page.locator(`input[value="${secret}"]`)).toHaveCount(0);
    expect(filesContaining(host.dataDir, secret)).toEqual([]);
  } finally {
    await host.stop();
    await stopProcess(registry.child);
  }
});

test('with the registry stopped, the browser shows the results it saved and says the registry cannot be reached', async ({ page }) => {
  const registry = await startRegistry();
  const host = await launchHost();
  try {
    await page.goto(host.url);
    await openBrowser(page, registry.url);
    const entries = browser(page).getByTestId('registry-entry');
    await expect(entries).toHaveCount(30);
    const names = await entries.evaluateAll((items) => items.map((item) => item.getAttribute('data-name')));
    await expect(browser(page).getByTestId('registry-offline')).toHaveCount(0);

    await stopProcess(registry.child);
    await browser(page).getByRole('button', { name: 'Back to servers' }).click();
    await page.getByRole('button', { name: 'Browse the MCP Registry' }).first().click();
    const offline = browser(page).getByTestId('registry-offline');
    await expect(offline).toContainText('Showing results saved at');
    await expect(offline).toContainText('the registry can’t be reached');
    expect(await entries.evaluateAll((items) => items.map((item) => item.getAttribute('data-name')))).toEqual(names);

    // Nothing saved for a new search: the error, translated.
    await browser(page).getByRole('searchbox', { name: 'Search the registry' }).fill('never searched before');
    await expect(browser(page).getByTestId('registry-error')).toContainText('The registry could not be searched.');
  } finally {
    await host.stop();
    await stopProcess(registry.child);
  }
});

test('keyboard only: Browse, search, Install, type the key, Enter — the server is added and its details open', async ({ page }) => {
  const registry = await startRegistry();
  const host = await launchHost();
  try {
    await page.goto(host.url);
    await openBrowser(page, registry.url);
    await browser(page).getByRole('button', { name: 'Back to servers' }).click();
    await page.getByRole('button', { name: 'Browse the MCP Registry' }).first().focus();
    await page.keyboard.press('Enter');
    const search = browser(page).getByRole('searchbox', { name: 'Search the registry' });
    await expect(search).toBeFocused();
    await page.keyboard.type('search-sse');
    await expect(browser(page).getByTestId('registry-entry')).toHaveCount(1);
    await page.keyboard.press('Tab'); // Show deprecated and removed
    await page.keyboard.press('Tab');
    await expect(entry(page, 'com.example/search-sse').getByRole('button', { name: 'Install com.example/search-sse' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Install com.example/search-sse' });
    await expect(dialog.getByLabel('X-Api-Key (required)')).toBeFocused();
    await page.keyboard.type('sk-keyboard');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    // A record without a title is named after the last part of its name.
    await expect(page.getByRole('region', { name: 'MCP servers' }).getByRole('status').filter({ hasText: 'Added “search-sse”' })).toBeVisible();
    await expect(page.getByTestId('mcp-server-row').filter({ hasText: 'search-sse' })).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Details of search-sse' })).toBeVisible();
    expect(filesContaining(host.dataDir, 'sk-keyboard')).toEqual([]);
  } finally {
    await host.stop();
    await stopProcess(registry.child);
  }
});
