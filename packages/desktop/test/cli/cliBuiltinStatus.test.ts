/**
 * `elftia mcp status` and Elftia's built-in servers, as a real process: they are listed after the
 * configured servers as built-in, started like them, and one that cannot start (its folder was
 * removed after it was chosen) shows as failed with the reason the server gave, failing the check.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppServices } from '../../app/main/index';
import type { McpServerState } from '../../app/shared/contracts/mcp-connection';
import { SPAWN_TIMEOUT_MS, localeText, runCli, tempDir } from './cliProcess';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function dataDirWithFolder(): Promise<{ dir: string; folder: string }> {
  const dir = tempDir();
  const folder = fs.realpathSync(tempDir('elftia-files-'));
  dirs.push(dir, folder);
  const services = createAppServices({ dataDir: dir });
  try {
    services.settings.setFilesFolder({ folder });
  } finally {
    await services.dispose();
  }
  return { dir, folder };
}

describe('elftia mcp status and the built-in servers', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('lists clock-math and files as built-in and connected', async () => {
    const { dir } = await dataDirWithFolder();
    const result = await runCli(['mcp', 'status', '--data-dir', dir]);
    expect(result.code, result.stderr).toBe(0);
    const [, ...rows] = result.stdout.split('\n');
    const builtin = localeText('en', 'cli/messages:status.builtin');
    expect(rows[0]).toMatch(new RegExp(`^clock-math\\s+${builtin}\\s+connected\\s+\\S+ \\S+\\s+\\S+\\s+5\\s+0$`));
    expect(rows[1]).toMatch(new RegExp(`^files\\s+${builtin}\\s+connected\\s+\\S+ \\S+\\s+\\S+\\s+4\\s+0$`));

    const json = await runCli(['mcp', 'status', 'files', '--json', '--data-dir', dir]);
    expect((JSON.parse(json.stdout) as (McpServerState & { builtin?: boolean })[]).map((s) => [s.serverId, s.status, s.builtin])).toEqual([['builtin:files', 'connected', true]]);
  });

  it('shows a built-in server that cannot start as failed, with its reason, and exits 1', async () => {
    const { dir, folder } = await dataDirWithFolder();
    fs.rmSync(folder, { recursive: true });
    const result = await runCli(['mcp', 'status', '--data-dir', dir]);
    expect(result.code).toBe(1);
    const [, ...rows] = result.stdout.split('\n');
    expect(rows[0]).toMatch(/^clock-math\s+\S+\s+connected\s/);
    expect(rows[1]).toMatch(/^files\s+\S+\s+error\s+-\s+-\s+0\s+1$/);
    // The failure paragraph: what happened, and the server's own words naming the missing folder.
    const paragraph = result.stdout.slice(result.stdout.indexOf('\nfiles: '));
    expect(paragraph).toMatch(/^\nfiles: .*exited with code 2/);
    expect(paragraph).toContain(`root folder not found: ${folder}`);
  });
});
