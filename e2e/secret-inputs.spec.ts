/**
 * A server whose header is `Bearer ${input:bearer}` does not start until the user enters the value:
 * its row says what it needs, "Enter value" asks (masked), and then it connects to the real bearer
 * server, which answers only with the right key. The value never appears in the page. Screenshots of
 * the row and the dialog at 1280×800 in en, zh and ja.
 */
import path from 'node:path';
import { CONNECT_TIMEOUT_MS, expect, launchHost, ROOT, test } from './fixtures';
import { LANGUAGES, message, seedDataDir } from './layoutHelpers';
import { startAnnouncing, stopProcess } from './processes';

const KEY = 'e2e-input-Qw58';

for (const language of LANGUAGES) {
  test(`an \${input:} header waits for its value, then connects (${language})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { child, announced } = await startAnnouncing<{ url: string }>('the bearer server', [path.join(ROOT, 'e2e/bearerMcpServer.mjs')], ROOT, { ...process.env, MCP_BEARER_KEY: KEY });
    const host = await launchHost({ prepare: (dataDir) => seedDataDir(dataDir, { language }) });
    try {
      const added = host.cli(['mcp', 'add', 'guarded', '--transport', 'http', '--url', announced.url, '--header', 'Authorization: Bearer ${input:bearer}']);
      expect(added.status, added.stderr).toBe(0);
      await page.goto(host.url);
      const nav = page.getByRole('navigation', { name: message(language, 'app/shell:nav.label') });
      await nav.getByRole('button', { name: message(language, 'app/shell:nav.settings'), exact: true }).click();
      const notice = page.getByTestId('mcp-server-error');
      await expect(notice.getByRole('alert')).toHaveText(message(language, 'settings/tools:failure.inputRequired', { input: 'bearer' }), { timeout: CONNECT_TIMEOUT_MS });
      await page.screenshot({ path: test.info().outputPath(`input-required-${language}.png`) });

      await notice.getByRole('button', { name: message(language, 'settings/tools:failure.actions.enterInput') }).click();
      const dialog = page.getByRole('dialog', { name: message(language, 'settings/tools:inputs.enterTitle', { id: 'bearer' }) });
      const field = dialog.getByLabel(message(language, 'settings/tools:inputs.valueFor', { id: 'bearer' }));
      await expect(field).toHaveAttribute('type', 'password');
      await field.fill(KEY);
      await page.screenshot({ path: test.info().outputPath(`enter-input-${language}.png`) });
      await dialog.getByRole('button', { name: message(language, 'settings/tools:inputs.save') }).click();
      await expect(dialog).toBeHidden();

      const row = page.getByTestId('mcp-server-row').filter({ hasText: 'guarded' });
      await expect(row.getByTestId('mcp-server-status')).toHaveText(message(language, 'settings/tools:status.connected'), { timeout: CONNECT_TIMEOUT_MS });
      expect(await page.content()).not.toContain(KEY);

      // The details list the input as set; Edit shows the reference as written, with its hint.
      await page.getByRole('button', { name: message(language, 'settings/tools:list.detailsFor', { name: 'guarded' }) }).click();
      await expect(page.getByTestId('mcp-server-inputs')).toContainText(message(language, 'settings/tools:inputs.set'));
      await page.getByRole('button', { name: message(language, 'settings/tools:list.editServer', { name: 'guarded' }) }).click();
      const edit = page.getByRole('dialog', { name: message(language, 'settings/tools:form.editTitle') });
      await expect(edit.getByLabel(message(language, 'settings/tools:form.headerValue', { index: 1 }), { exact: true })).toHaveValue('Bearer ${input:bearer}');
      await expect(edit.getByTestId('secret-ref-hint')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`edit-reference-${language}.png`) });
      expect(await page.content()).not.toContain(KEY);
    } finally {
      await host.stop();
      await stopProcess(child);
    }
  });
}
