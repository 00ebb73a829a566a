/**
 * Settings → Tools → presets against the real headless host: a preset that needs a key asks for it
 * and connects with it; a preset whose runtime is missing offers the install, runs it (a stand-in
 * `curl` serving a stand-in uv, on a temporary HOME), then adds the server, which shows its first
 * start's download as "Installing…" and then connects.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CONNECT_TIMEOUT_MS, EVERYTHING_ENTRY, expect, launchHost, openSettings, ROOT, test } from './fixtures';
import { startAnnouncing, stopProcess } from './processes';

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
    await openSettings(page);
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

    const row = page.getByTestId('mcp-server-row').filter({ hasText: 'Team Remote' });
    await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
    await expect(row.getByTestId('mcp-server-facts')).toContainText('Tools: 1');
    // The new server's details open by themselves, with its tools.
    const details = page.getByRole('region', { name: 'Details of Team Remote' });
    await expect(details.getByTestId('mcp-tool')).toHaveCount(1);
    await expect(details.getByTestId('mcp-tool')).toContainText('whoami');
    await expect(card.getByTestId('preset-added')).toHaveText('Added');
    await expect(presets.getByRole('status')).toContainText('Added “Team Remote”');
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

/** A `curl` that serves an install script for a stand-in uv (whose uvx runs server-everything). */
function fakeCurl(binDir: string): void {
  const uvx = `#!/bin/sh
if [ "$1" = "--version" ]; then echo "uvx 0.9.0"; exit 0; fi
for arg in "$@"; do
  if [ "$arg" = "python" ]; then echo "Resolved 12 packages"; sleep 2; echo "Installed 12 packages"; exit 0; fi
done
exec '${process.execPath}' '${EVERYTHING_ENTRY}' stdio
`;
  const script = `echo "downloading uv 0.9.0 x86_64-unknown-linux-gnu"
mkdir -p "$HOME/.local/bin"
printf '%s\\n' '#!/bin/sh' 'echo "uv 0.9.0"' > "$HOME/.local/bin/uv"
cat > "$HOME/.local/bin/uvx" <<'UVX'
${uvx}UVX
chmod +x "$HOME/.local/bin/uv" "$HOME/.local/bin/uvx"
echo "installing to $HOME/.local/bin"
`;
  const curl = `#!/bin/sh
echo "$*" >> "${path.join(binDir, 'curl-calls.txt')}"
cat <<'SCRIPT'
${script}SCRIPT
`;
  fs.writeFileSync(path.join(binDir, 'curl'), curl, { mode: 0o755 });
}

test('a preset whose runtime is missing offers the install, then adds the server, which installs and connects', async ({ page }) => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-e2e-home-'));
  const binDir = path.join(home, 'fake-bin');
  fs.mkdirSync(binDir);
  fakeCurl(binDir);
  // The host takes PATH from the user's login shell first (as for a GUI launch), so the stand-in curl
  // comes first the way a user's own would: from their profile.
  fs.writeFileSync(path.join(home, '.bash_profile'), `export PATH="${binDir}:$PATH"\n`);
  const host = await launchHost({
    // No uv anywhere: a temporary HOME, and a PATH of the stand-in curl and the system's basics.
    env: { ...process.env, HOME: home, SHELL: '/bin/bash', PATH: [binDir, path.dirname(process.execPath), '/usr/bin', '/bin'].join(':') },
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
    await openSettings(page);
    const presets = presetsSection(page);
    // The runtime panel knows before anyone asks: uv and uvx missing, node found.
    await expect(page.getByTestId('runtimes-summary')).toHaveText('2 missing');
    await expect(page.getByTestId('runtime-row').filter({ hasText: 'node' }).first()).toContainText('Found');
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
    await expect(page.getByTestId('runtimes-summary')).toHaveText('All found');

    const row = page.getByTestId('mcp-server-row').filter({ hasText: 'Team Python Tool' });
    // The first start downloads the package as its own phase, then connects.
    await expect(row.getByTestId('mcp-server-status')).toHaveText('Installing…', { timeout: CONNECT_TIMEOUT_MS });
    await expect(row.getByTestId('mcp-server-installing')).toContainText('First start: downloading team-python-tool==1.0.0');
    await expect(row.getByTestId('mcp-server-status')).toHaveText('Connected', { timeout: CONNECT_TIMEOUT_MS });
    await expect(presets.getByTestId('preset-card').filter({ hasText: 'Team Python Tool' }).getByTestId('preset-added')).toBeVisible();
  } finally {
    await host.stop();
    fs.rmSync(home, { recursive: true, force: true });
  }
});
