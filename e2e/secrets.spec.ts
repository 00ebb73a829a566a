import path from 'node:path';
import { CONNECT_TIMEOUT_MS, expect, openSettings, ROOT, test } from './fixtures';
import { startAnnouncing, stopProcess } from './processes';

const KEY = 'e2e-bearer-Kx93';
const QUERY_SECRET = 'q-e2e-Zt71';

test('stored secrets are never shown in the page, and an edit that leaves them alone keeps them working', async ({ page, host }) => {
  const { child, announced } = await startAnnouncing<{ url: string }>('the bearer server', [path.join(ROOT, 'e2e/bearerMcpServer.mjs')], ROOT, {
    ...process.env,
    MCP_BEARER_KEY: KEY,
  });
  try {
    await page.goto(host.url);
    await openSettings(page);
    await page.getByRole('button', { name: 'Add server' }).click();
    const add = page.getByRole('dialog', { name: 'Add MCP server' });
    await add.getByLabel('Name', { exact: true }).fill('guarded');
    await add.getByLabel('Transport', { exact: true }).selectOption('http');
    await add.getByLabel('URL', { exact: true }).fill(`${announced.url}?api_key=${QUERY_SECRET}`);
    await add.getByRole('button', { name: 'Add header' }).click();
    await add.getByLabel('Header name 1', { exact: true }).fill('Authorization');
    await add.getByLabel('Header value 1', { exact: true }).fill(`Bearer ${KEY}`);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();

    const row = page.getByTestId('mcp-server-row').filter({ hasText: 'guarded' });
    // The bearer server answers only with the right key: connected proves the header arrived.
    await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });

    await page.getByRole('button', { name: 'Edit guarded' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit MCP server' });
    await expect(edit.getByTestId('stored-secrets-note')).toBeVisible();
    await expect(edit.getByLabel('URL', { exact: true })).toHaveValue(`${announced.url}?api_key=••••`);
    await expect(edit.getByLabel('Header value 1', { exact: true })).toHaveValue('');
    await expect(edit.getByLabel('Header value 1', { exact: true })).toHaveAttribute('placeholder', 'stored — type to replace');
    for (const secret of [KEY, QUERY_SECRET]) expect(await page.content()).not.toContain(secret);
    await page.screenshot({ path: test.info().outputPath('edit-stored-secrets.png') });

    await edit.getByLabel('Timeout (seconds)', { exact: true }).fill('45');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await page.getByRole('button', { name: 'Details for guarded' }).click();
    await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
    for (const secret of [KEY, QUERY_SECRET]) expect(await page.content()).not.toContain(secret);

    const listed = host.cli(['mcp', 'list', '--json']);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain('"timeoutSec":45');
    for (const secret of [KEY, QUERY_SECRET]) expect(listed.stdout).not.toContain(secret);
  } finally {
    await stopProcess(child);
  }
});
