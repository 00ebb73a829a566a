/**
 * `elftia mcp presets`, `mcp add-preset`, `deps check` and `deps install` as a user runs them: the
 * real process, a temporary HOME whose profile puts stand-in runtimes first on the login shell's PATH
 * (as a user's own profile would), and a stand-in `curl` serving uv's install script.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppServices } from '../../app/main/index';
import { OFFICIAL_MCP_PRESETS } from '../../app/shared/mcp-presets';
import { cleanEnv, localeText, runCli, SPAWN_TIMEOUT_MS, tempDir } from './cliProcess';
import { runInProcess } from './inProcess';

const created: string[] = [];
afterAll(() => {
  for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
});

function dir(): string {
  const d = tempDir();
  created.push(d);
  return d;
}

/** A HOME whose login profile puts `bin` first on PATH, and the environment to run the CLI with. */
function homeWith(scripts: Record<string, string>): { home: string; bin: string; env: NodeJS.ProcessEnv } {
  const home = dir();
  const bin = path.join(home, 'bin');
  fs.mkdirSync(bin);
  for (const [name, body] of Object.entries(scripts)) fs.writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}`, { mode: 0o755 });
  fs.writeFileSync(path.join(home, '.bash_profile'), `export PATH="${bin}:$PATH"\n`);
  return { home, bin, env: { ...cleanEnv(), HOME: home, SHELL: '/bin/bash' } };
}

// In process: these commands start no server, so the tsx start-up of a real process buys nothing.
describe('elftia mcp presets / add-preset', () => {
  it('lists the catalogue and filters by category', async () => {
    const dataDir = dir();
    const all = await runInProcess(['mcp', 'presets', '--json', '--data-dir', dataDir]);
    expect(all.code, all.stderr).toBe(0);
    expect((JSON.parse(all.stdout) as { preset: { id: string } }[]).map((v) => v.preset.id)).toEqual(OFFICIAL_MCP_PRESETS.map((p) => p.id));

    const vision = await runInProcess(['mcp', 'presets', '--category', 'vision', '--data-dir', dataDir]);
    const lines = vision.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+CATEGORY\s+RUNS\s+API KEY\s+ADDED$/);
    expect(lines.slice(1).every((line) => /\svision\s/.test(line))).toBe(true);
    expect(lines.length - 1).toBe(OFFICIAL_MCP_PRESETS.filter((p) => p.category === 'vision').length);
  });

  it('adds a preset with the key from an environment variable and an input, and names a missing one by its flag', async () => {
    const dataDir = dir();
    const missing = await runInProcess(['mcp', 'add-preset', 'filesystem', '--data-dir', dataDir]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`--input folder: ${localeText('en', 'validation.required')}`);

    const noKey = await runInProcess(['mcp', 'add-preset', 'brave-search', '--data-dir', dataDir]);
    expect(noKey.stderr).toContain(`--api-key-env: ${localeText('en', 'validation.required')}`);

    const folder = path.join(dataDir, 'my notes');
    const nowhere = await runInProcess(['mcp', 'add-preset', 'filesystem', '--input', `folder=${folder}`, '--data-dir', dataDir]);
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain(`--input folder: ${localeText('en', 'validation.folderNotFound')}`);
    fs.mkdirSync(folder);
    const fsAdd = await runInProcess(['mcp', 'add-preset', 'filesystem', '--input', `folder=${folder}`, '--data-dir', dataDir]);
    expect(fsAdd.stdout).toBe(`${localeText('en', 'cli/messages:presets.added', { name: 'Filesystem', preset: 'filesystem' })}\n`);
    const key = 'BSA-secret-key-1234567';
    const braveAdd = await runInProcess(['mcp', 'add-preset', 'brave-search', '--api-key-env', 'MY_BRAVE', '--json', '--data-dir', dataDir], { env: { MY_BRAVE: key } });
    expect(braveAdd.code, braveAdd.stderr).toBe(0);
    expect(braveAdd.stdout).not.toContain(key); // masked

    const services = createAppServices({ dataDir });
    try {
      const [filesystem, brave] = services.mcpServers.list();
      expect(filesystem?.config.args?.at(-1)).toBe(folder);
      expect(brave?.config.env).toMatchObject({ BRAVE_API_KEY: key });
      expect(services.presets.list().filter((v) => v.addedServerIds.length > 0).map((v) => v.preset.id)).toEqual(['brave-search', 'filesystem']);
    } finally {
      await services.dispose();
    }
    const listed = await runInProcess(['mcp', 'presets', '--category', 'general', '--data-dir', dataDir]);
    expect(listed.stdout).toMatch(/^filesystem\s.*\syes$/m);
  });
});

describe('elftia deps', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('check finds a runtime on the login shell’s PATH with its version, and says how far it looked for a missing one', async () => {
    const { bin, env } = homeWith({ uv: 'echo "uv 0.9.7 (x86_64-unknown-linux-gnu)"\n' });
    const result = await runCli(['deps', 'check', '--json', '--data-dir', dir()], env);
    const statuses = JSON.parse(result.stdout) as { command: string; found: boolean; version?: string; path?: string; searched: number }[];
    expect(statuses.find((s) => s.command === 'uv')).toMatchObject({ found: true, version: '0.9.7', path: path.join(bin, 'uv') });
    expect(statuses.find((s) => s.command === 'node')).toMatchObject({ found: true, version: process.versions.node });
    const uvx = statuses.find((s) => s.command === 'uvx');
    expect(uvx?.found).toBe(false);
    expect(uvx?.searched).toBeGreaterThan(1);
    expect(result.code).toBe(1); // one is missing
  });

  it('install uv runs the official script, streams its output, and verifies by running uv', async () => {
    const script = [
      'echo "downloading uv 0.9.7 x86_64-unknown-linux-gnu"',
      'mkdir -p "$HOME/.local/bin"',
      `printf '%s\\n' '#!/bin/sh' 'echo "uv 0.9.7"' > "$HOME/.local/bin/uv"`,
      'chmod +x "$HOME/.local/bin/uv"',
      'echo "everything\'s installed!"',
    ].join('\n');
    const { home, env } = homeWith({ curl: `echo "$*" >> "${'$HOME'}/curl-calls"\ncat <<'SCRIPT'\n${script}\nSCRIPT\n` });
    const result = await runCli(['deps', 'install', 'uv', '--data-dir', dir()], env);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('downloading uv 0.9.7');
    expect(result.stdout).toBe(`${localeText('en', 'cli/messages:deps.installed', { command: 'uv', version: '0.9.7', path: path.join(home, '.local/bin/uv') })}\n`);
    expect(fs.readFileSync(path.join(home, 'curl-calls'), 'utf8')).toContain('https://astral.sh/uv/install.sh');
  });

  it('an installer that says it succeeded but installed nothing is a failure', async () => {
    const { env } = homeWith({ curl: `cat <<'SCRIPT'\necho "uv installed successfully"\nSCRIPT\n` });
    const result = await runCli(['deps', 'install', 'uvx', '--data-dir', dir()], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(localeText('en', 'cli/messages:deps.failed.notFoundAfterInstall', { command: 'uvx' }));
    expect(result.stdout).toContain('curl -LsSf https://astral.sh/uv/install.sh | sh');
  });
});
