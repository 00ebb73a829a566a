import path from 'node:path';
import { CONNECT_TIMEOUT_MS, EVERYTHING_ENTRY, expect, launchHost, openSettings, ROOT, test } from './fixtures';

/** Reports the names of its environment variables (packages/desktop/test/fixtures). */
const ENV_KEYS_SERVER = path.join(ROOT, 'packages/desktop/test/fixtures/env-keys-server.mjs');

interface ListedServer {
  name: string;
  type: string;
  enabled: boolean;
  config: { command?: string; args?: string[] };
}

function listed(cli: (args: string[]) => { status: number; stdout: string }): ListedServer[] {
  const result = cli(['mcp', 'list', '--json']);
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as ListedServer[];
}

test('a stdio server added through the form connects, survives a reload and shows in the CLI', async ({ page, host }) => {
  await page.goto(host.url);
  await openSettings(page);
  await expect(page.getByRole('heading', { name: 'MCP servers' })).toBeVisible();
  await expect(page.getByTestId('mcp-server-list-empty')).toBeVisible();

  await page.getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add MCP server' });
  await dialog.getByLabel('Name', { exact: true }).fill('everything');
  await dialog.getByLabel('Transport', { exact: true }).selectOption('stdio');
  await dialog.getByLabel('Command', { exact: true }).fill(process.execPath);
  await dialog.getByRole('button', { name: 'Add argument' }).click();
  await dialog.getByLabel('Argument 1', { exact: true }).fill(EVERYTHING_ENTRY);
  await dialog.getByRole('button', { name: 'Add argument' }).click();
  await dialog.getByLabel('Argument 2', { exact: true }).fill('stdio');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('mcp-server-row').filter({ hasText: 'everything' });
  await expect(row).toBeVisible();
  // The host connects an enabled server as soon as it is added.
  await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });

  await page.reload();

  await openSettings(page);
  await expect(page.getByTestId('mcp-server-row').filter({ hasText: 'everything' })).toBeVisible();

  expect(listed(host.cli)).toMatchObject([
    { name: 'everything', type: 'stdio', enabled: true, config: { command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] } },
  ]);
});

test('invalid input shows translated field errors and stores nothing', async ({ page, host }) => {
  await page.goto(host.url);
  await openSettings(page);
  await page.getByRole('button', { name: 'Add server' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add MCP server' });
  await dialog.getByLabel('Transport', { exact: true }).selectOption('websocket');
  await dialog.getByLabel('URL', { exact: true }).fill('http://127.0.0.1:9/not-a-websocket');
  await dialog.getByLabel('Timeout (seconds)', { exact: true }).fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await expect(dialog.getByText('Enter an absolute ws:// or wss:// URL.')).toBeVisible();
  await expect(dialog.getByText('Enter a whole number of seconds from 1 to 3600.')).toBeVisible();
  expect(listed(host.cli)).toEqual([]);

  // A name that only the database can reject: the server's answer lands on the field too.
  expect(host.cli(['mcp', 'add', 'Taken', '--transport', 'stdio', '--command', 'node']).status).toBe(0);
  await dialog.getByLabel('Name', { exact: true }).fill('TAKEN');
  await dialog.getByLabel('URL', { exact: true }).fill('ws://127.0.0.1:9/mcp');
  await dialog.getByLabel('Timeout (seconds)', { exact: true }).fill('30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The message names the server that holds the name, as it is spelled there.
  await expect(dialog.getByText('The name “Taken” is already used.')).toBeVisible();
  expect(listed(host.cli).map((s) => s.name)).toEqual(['Taken']);
});

test('a server added by the CLI appears in the open UI, and UI edits reach the CLI', async ({ page, host }) => {
  await page.goto(host.url);
  await openSettings(page);
  await expect(page.getByTestId('mcp-server-list-empty')).toBeVisible();

  const added = host.cli(['mcp', 'add', 'from-cli', '--transport', 'http', '--url', 'http://127.0.0.1:9/mcp', '--header', 'Authorization: Bearer abc']);
  expect(added.status).toBe(0);
  const row = page.getByTestId('mcp-server-row').filter({ hasText: 'from-cli' });
  await expect(row).toBeVisible();

  await page.getByRole('switch', { name: 'Enable from-cli' }).click();
  await expect(row.getByTestId('mcp-server-status')).toHaveText('Disabled');
  await expect.poll(() => listed(host.cli)[0]?.enabled).toBe(false);

  await page.getByRole('button', { name: 'Delete from-cli' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete “from-cli”?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toBeHidden();
  expect(listed(host.cli)).toEqual([]);
});

test('switching to Japanese translates Settings and persists', async ({ page, host }) => {
  await page.goto(host.url);
  await openSettings(page);
  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByLabel('Language', { exact: true }).selectOption('ja');
  await page.getByRole('tab', { name: 'サーバー' }).click();
  await expect(page.getByRole('heading', { name: 'MCP サーバー' })).toBeVisible();

  await page.reload();
  // The whole shell is Japanese now, navigation included.
  await page.getByRole('navigation', { name: 'メイン' }).getByRole('button', { name: '設定' }).click();
  await expect(page.getByRole('tab', { name: 'サーバー' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'MCP サーバー' })).toBeVisible();
});

test('a stdio server gets no API key of the host unless its form copies it; its details list the names it gets', async ({ page }) => {
  const host = await launchHost({ env: { ...process.env, OPENAI_API_KEY: 'sk-e2e-host-secret' } });
  try {
    await page.goto(host.url);
    await openSettings(page);
    await page.getByRole('button', { name: 'Add server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add MCP server' });
    await dialog.getByLabel('Name', { exact: true }).fill('env-keys');
    await dialog.getByLabel('Command', { exact: true }).fill(process.execPath);
    await dialog.getByRole('button', { name: 'Add argument' }).click();
    await dialog.getByLabel('Argument 1', { exact: true }).fill(ENV_KEYS_SERVER);
    await expect(dialog.getByRole('checkbox', { name: 'Inherit my whole environment' })).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId('mcp-server-row').filter({ hasText: 'env-keys' });
    await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Details for env-keys' }).click();
    const names = page.getByRole('region', { name: 'Details of env-keys' }).getByTestId('mcp-server-env-names');
    await expect(names.getByText('PATH', { exact: true })).toBeVisible();
    await expect(names.getByText('OPENAI_API_KEY', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit env-keys' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit MCP server' });
    await edit.getByRole('button', { name: 'Copy from my environment' }).click();
    await edit.getByLabel('Variable to copy 1', { exact: true }).fill('OPENAI_API_KEY');
    await page.screenshot({ path: test.info().outputPath('copy-env-form.png') });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(names.getByText('OPENAI_API_KEY', { exact: true })).toBeVisible({ timeout: CONNECT_TIMEOUT_MS });
    await expect(names).not.toContainText('sk-e2e-host-secret');
    await page.screenshot({ path: test.info().outputPath('env-names-details.png') });
  } finally {
    await host.stop();
  }
});
