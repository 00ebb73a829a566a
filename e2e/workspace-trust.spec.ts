/**
 * Workspace trust end to end, against the real headless host: a workspace (opened through the
 * Servers page's picker, as a browser does it: a typed path) whose `.elftia/mcp.json` holds a stdio
 * fixture server and a remote one. Nothing of the project runs until the user approves it in the
 * dialog showing its exact command line (or URL); an edit of the stdio server's command in the file
 * asks again; the remote one, once approved, is not asked about again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CONNECT_TIMEOUT_MS, expect, openSettingsSection, ROOT, test } from './fixtures';
import { stopProcess } from './processes';

const FIXTURES = path.join(ROOT, 'packages', 'desktop', 'test', 'fixtures');
const ECHO_SERVER = path.join(FIXTURES, 'proc-echo-server.mjs');
const HTTP_SERVER = path.join(FIXTURES, 'mcp-http-server.mjs');

/** The Streamable HTTP fixture on a free port; resolves once it says where it listens. */
async function startHttpFixture(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [HTTP_SERVER, 'http'], { cwd: path.dirname(HTTP_SERVER), stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = /listening on port (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the HTTP fixture exited (${code}): ${text}`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

function writeProjectFile(workspace: string, servers: Record<string, unknown>): void {
  fs.mkdirSync(path.join(workspace, '.elftia'), { recursive: true });
  fs.writeFileSync(path.join(workspace, '.elftia', 'mcp.json'), `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`);
}

/** A project server's row group (its summary, notice and details rows). */
const group = (page: Page, name: string) => page.locator('tbody.server-list__group').filter({ has: page.locator(`tr[data-name="${name}"][data-origin="project"]`) });
const status = (page: Page, name: string) => group(page, name).getByTestId('mcp-server-status');

async function openWorkspace(page: Page, folder: string): Promise<void> {
  const picker = page.getByTestId('workspace-picker');
  await picker.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Open folder…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Open a workspace folder' });
  await dialog.getByLabel('Folder').fill(folder);
  await dialog.getByLabel('Folder').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(picker).toHaveText(path.basename(folder));
}

test('a project server runs only once approved; a changed command asks again; a remote one asks once', async ({ page, host }) => {
  test.setTimeout(120_000);
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-workspace-'));
  const pidFile = path.join(workspace, 'started.jsonl');
  const remote = await startHttpFixture();
  try {
    const echo = { command: process.execPath, args: [ECHO_SERVER], env: { PROC_PID_FILE: pidFile } };
    writeProjectFile(workspace, { echo, docs: { type: 'http', url: remote.url } });

    await page.goto(host.url);
    await openSettingsSection(page, 'Servers');
    await openWorkspace(page, workspace);

    // Listed from the file, marked Project, waiting for approval: nothing started.
    await expect(status(page, 'echo')).toHaveText('Needs your approval');
    await expect(status(page, 'docs')).toHaveText('Needs your approval');
    await expect(group(page, 'echo').getByTestId('mcp-server-origin')).toContainText('Project');
    await expect(group(page, 'echo').getByTitle(path.join(workspace, '.elftia', 'mcp.json'))).toHaveText('from .elftia/mcp.json');
    await expect(group(page, 'echo').getByTestId('mcp-server-error')).toHaveCount(0);
    await page.waitForTimeout(1000);
    expect(fs.existsSync(pidFile)).toBe(false);

    // The dialog shows exactly what would run; from the keyboard, Not now is first, Trust and start next.
    await group(page, 'echo').getByRole('button', { name: 'Review echo before it runs' }).click();
    let dialog = page.getByRole('dialog', { name: 'Run “echo” from this project?' });
    await expect(dialog.getByTestId('trust-command-line')).toHaveText(`${process.execPath} ${ECHO_SERVER}`);
    await expect(dialog.getByTestId('trust-env-names')).toHaveText('PROC_PID_FILE');
    await expect(dialog.getByRole('button', { name: 'Not now' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Trust and start' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(status(page, 'echo')).toHaveAttribute('data-status', 'connected', { timeout: CONNECT_TIMEOUT_MS });
    expect(fs.readFileSync(pidFile, 'utf8')).toContain('"role":"server"');

    // The file's command changes: the watched file reloads, and the new form needs approval again.
    writeProjectFile(workspace, { echo: { ...echo, args: [ECHO_SERVER, '--changed'] }, docs: { type: 'http', url: remote.url } });
    await expect(status(page, 'echo')).toHaveText('Needs your approval', { timeout: 15_000 });
    await group(page, 'echo').getByRole('button', { name: 'Review echo before it runs' }).click();
    dialog = page.getByRole('dialog', { name: 'Run “echo” from this project?' });
    await expect(dialog.getByTestId('trust-command-line')).toHaveText(`${process.execPath} ${ECHO_SERVER} --changed`);
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(status(page, 'echo')).toHaveText('Needs your approval');

    // The remote one: its address, approved once.
    await group(page, 'docs').getByRole('button', { name: 'Review docs before it runs' }).click();
    dialog = page.getByRole('dialog', { name: 'Run “docs” from this project?' });
    await expect(dialog.getByTestId('trust-url')).toHaveText(remote.url);
    await dialog.getByRole('button', { name: 'Trust and start' }).click();
    await expect(status(page, 'docs')).toHaveAttribute('data-status', 'connected', { timeout: CONNECT_TIMEOUT_MS });

    // Closed and opened again from the recent list: the approval is remembered, nothing asks again.
    const picker = page.getByTestId('workspace-picker');
    await picker.click();
    await page.getByRole('menuitem', { name: 'Close workspace' }).click();
    await expect(picker).toHaveText('None');
    await expect(group(page, 'docs')).toHaveCount(0);
    await picker.click();
    await page.getByRole('menuitem', { name: new RegExp(`^${path.basename(workspace)}`) }).click();
    await expect(picker).toHaveText(path.basename(workspace));
    await expect(status(page, 'docs')).toHaveAttribute('data-status', 'connected', { timeout: CONNECT_TIMEOUT_MS });
    await expect(group(page, 'docs').getByTestId('mcp-server-needs-approval')).toHaveCount(0);
    await expect(status(page, 'echo')).toHaveText('Needs your approval');
  } finally {
    await stopProcess(remote.child);
    fs.rmSync(workspace, { recursive: true, force: true });
  }
});
