/** `elftia mcp import` and `elftia mcp export` over real SQLite, in process. */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/tempDir';
import { runInProcess } from './inProcess';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'import');
const claude = path.join(FIXTURES, 'claude-desktop.json');

function listNames(dir: string) {
  return runInProcess(['mcp', 'list', '--json', '--data-dir', dir]).then((r) => (JSON.parse(r.stdout) as { name: string }[]).map((s) => s.name));
}

describe('elftia mcp import', () => {
  it('prints the preview and, without --yes and no terminal, applies nothing and says to pass --yes', async () => {
    const dir = tempDir();
    const result = await runInProcess(['mcp', 'import', claude, '--data-dir', dir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Read as an "mcpServers" file (Claude Desktop, Cursor, Windsurf).');
    expect(result.stdout).toMatch(/\+\s+github\s+stdio\s+add\s+npx -y @modelcontextprotocol\/server-github/);
    expect(result.stderr).toContain('pass --yes');
    expect(await listNames(dir)).toEqual([]);
  });

  it('--yes applies; importing again skips the same servers', async () => {
    const dir = tempDir();
    const first = await runInProcess(['mcp', 'import', claude, '--yes', '--data-dir', dir]);
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain('Imported 2 server(s): filesystem, github.');
    expect(await listNames(dir)).toEqual(['filesystem', 'github']);
    const again = await runInProcess(['mcp', 'import', claude, '--yes', '--data-dir', dir]);
    expect(again.stdout).toContain('skip: same as "github"');
    expect(again.stdout).toContain('Nothing to import.');
  });

  it('asks on a terminal: only "y" applies', async () => {
    const dir = tempDir();
    const no = await runInProcess(['mcp', 'import', claude, '--data-dir', dir], { stdin: Readable.from(['n\n']), stdinIsTTY: true });
    expect(no.code).toBe(1);
    expect(no.stderr).toContain('Import 2 server(s)? [y/N]');
    expect(await listNames(dir)).toEqual([]);
    const yes = await runInProcess(['mcp', 'import', claude, '--data-dir', dir], { stdin: Readable.from(['y\n']), stdinIsTTY: true });
    expect(yes.code).toBe(0);
    expect(await listNames(dir)).toEqual(['filesystem', 'github']);
  });

  it('reads stdin for "-": a pasted command line', async () => {
    const dir = tempDir();
    const result = await runInProcess(['mcp', 'import', '-', '--yes', '--json', '--data-dir', dir], { stdin: Readable.from(['npx -y @modelcontextprotocol/server-everything']) });
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { added: { name: string }[] }).added.map((s) => s.name)).toEqual(['server-everything']);
  });

  it('errors name the entry and field, in the user’s language, and nothing is applied', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'bad.json');
    fs.writeFileSync(file, JSON.stringify({ mcpServers: { ok: { command: 'node' }, bad: { command: 'node', url: 'https://x.example' } } }));
    const en = await runInProcess(['mcp', 'import', file, '--yes', '--data-dir', dir]);
    expect(en.code).toBe(1);
    expect(en.stdout).toContain('bad › command: Use either this or “url”, not both.');
    expect(en.stderr).toContain('--skip NAME');
    const zh = await runInProcess(['mcp', 'import', file, '--yes', '--data-dir', dir], { env: { LANG: 'zh_CN.UTF-8' } });
    expect(zh.stdout).toContain('bad › command: 只能使用此项或“url”之一，不能同时使用。');
    expect(await listNames(dir)).toEqual([]);
    expect((await runInProcess(['mcp', 'import', file, '--yes', '--skip', 'bad', '--data-dir', dir])).code).toBe(0);
    expect(await listNames(dir)).toEqual(['ok']);
  });
});

describe('elftia mcp export', () => {
  it('writes secrets as ${input:} references unless --include-secrets; --server chooses', async () => {
    const dir = tempDir();
    await runInProcess(['mcp', 'import', claude, '--yes', '--data-dir', dir]);
    const shared = await runInProcess(['mcp', 'export', '--data-dir', dir]);
    expect(shared.code).toBe(0);
    expect(shared.stdout).not.toContain('ghp_');
    expect(JSON.parse(shared.stdout)).toMatchObject({ mcpServers: { github: { env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${input:github-GITHUB_PERSONAL_ACCESS_TOKEN}' } } } });
    const out = path.join(dir, 'out.json');
    const full = await runInProcess(['mcp', 'export', '--server', 'GITHUB', '--include-secrets', '--out', out, '--data-dir', dir]);
    expect(full.stdout).toContain(`Wrote ${out}.`);
    expect(Object.keys((JSON.parse(fs.readFileSync(out, 'utf8')) as { mcpServers: object }).mcpServers)).toEqual(['github']);
    expect(fs.readFileSync(out, 'utf8')).toContain('ghp_');
    if (process.platform !== 'win32') expect(fs.statSync(out).mode & 0o777).toBe(0o600);
  });
});
