/**
 * Each app's config, as its documentation shows it (test/fixtures/import/), previews as the servers
 * it holds and applies into real SQLite; the preview itself changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { fixture, importCaller } from './helpers';

describe('mcp.importPreview over each dialect', () => {
  it('Claude Desktop: mcpServers with command, args and env', async () => {
    const { caller } = importCaller();
    const preview = await caller.mcp.importPreview({ text: fixture('claude-desktop.json') });
    expect(preview.dialect).toBe('mcpServers');
    expect(preview.errors).toEqual([]);
    expect(preview.entries.map((e) => [e.sourceName, e.action, e.type])).toEqual([
      ['filesystem', 'add', 'stdio'],
      ['github', 'add', 'stdio'],
    ]);
    expect(preview.entries[1]?.summary).toBe('npx -y @modelcontextprotocol/server-github');
    expect(await caller.mcp.list()).toEqual([]);
  });

  it('Cursor: a URL-only entry is http, or sse when it ends in /sse; ${env:} headers are kept as written', async () => {
    const { caller } = importCaller();
    const text = fixture('cursor.json');
    const preview = await caller.mcp.importPreview({ text });
    expect(preview.errors).toEqual([]);
    expect(preview.entries.map((e) => [e.sourceName, e.type])).toEqual([
      ['server-name', 'stdio'],
      ['remote-server', 'http'],
      ['legacy-sse', 'sse'],
    ]);
    await caller.mcp.importApply({ text });
    const remote = (await caller.mcp.list()).find((s) => s.name === 'remote-server');
    expect(remote?.type).toBe('http');
  });

  it('Windsurf: serverUrl is the URL', async () => {
    const { caller, services } = importCaller();
    const preview = await caller.mcp.importPreview({ text: fixture('windsurf.json') });
    expect(preview.errors).toEqual([]);
    expect(preview.entries.map((e) => [e.sourceName, e.type, e.enabled])).toEqual([
      ['github', 'stdio', true],
      ['remote-http-mcp', 'http', true],
    ]);
    await caller.mcp.importApply({ text: fixture('windsurf.json') });
    expect(services.mcpServers.getByName('remote-http-mcp').config.url).toBe('https://mcp.example.com/mcp');
  });

  it('VS Code mcp.json: JSONC with servers and inputs; ${input:} references are kept as written', async () => {
    const { caller, services } = importCaller();
    const text = fixture('vscode-mcp.json');
    const preview = await caller.mcp.importPreview({ text });
    expect(preview.dialect).toBe('vscode');
    expect(preview.errors).toEqual([]);
    expect(preview.inputs).toEqual([{ id: 'perplexity-key', description: 'Perplexity API Key', password: true }]);
    expect(preview.entries.map((e) => [e.sourceName, e.type])).toEqual([
      ['Perplexity', 'stdio'],
      ['github', 'http'],
    ]);
    await caller.mcp.importApply({ text });
    expect(services.mcpServers.getByName('Perplexity').config.env).toEqual({ PERPLEXITY_API_KEY: '${input:perplexity-key}' });
  });

  it('VS Code settings.json: mcp.servers', async () => {
    const { caller } = importCaller();
    const preview = await caller.mcp.importPreview({ text: fixture('vscode-settings.json') });
    expect(preview.dialect).toBe('vscodeSettings');
    expect(preview.entries.map((e) => [e.sourceName, e.action, e.summary])).toEqual([['fetch', 'add', 'uvx mcp-server-fetch']]);
  });

  it('Cline: disabled, timeout in seconds, transportType and the per-tool switches (alwaysAllow, autoApprove, disabledTools) apply', async () => {
    const { caller, services } = importCaller();
    const text = fixture('cline.json');
    const preview = await caller.mcp.importPreview({ text });
    expect(preview.dialect).toBe('cline');
    expect(preview.errors).toEqual([]);
    expect(preview.entries.map((e) => [e.sourceName, e.type, e.enabled, e.notApplied])).toEqual([
      ['local-server', 'stdio', true, []],
      ['remote-server', 'sse', false, []],
      ['brave-search', 'stdio', true, []],
    ]);
    await caller.mcp.importApply({ text });
    const remote = services.mcpServers.getByName('remote-server');
    expect([remote.type, remote.enabled, remote.timeoutSec, remote.alwaysAllow]).toEqual(['sse', false, 120, ['tool3']]);
    expect(services.mcpServers.getByName('local-server').alwaysAllow).toEqual(['tool1', 'tool2']);
    const brave = services.mcpServers.getByName('brave-search');
    expect([brave.disabledTools, brave.alwaysAllow]).toEqual([['brave_local_search'], []]);
  });

  it('Roo: type streamable-http is http', async () => {
    const { caller } = importCaller();
    const preview = await caller.mcp.importPreview({ text: fixture('roo.json') });
    expect(preview.errors).toEqual([]);
    expect(preview.entries.map((e) => [e.sourceName, e.type])).toEqual([
      ['modern-remote-server', 'http'],
      ['legacy-remote-server', 'sse'],
    ]);
  });

  it('every type alias of the dialects', async () => {
    const { caller } = importCaller();
    const aliases = { stdio: 'stdio', sse: 'sse', http: 'http', 'streamable-http': 'http', streamableHttp: 'http' } as const;
    const servers = Object.fromEntries(Object.keys(aliases).map((alias) => [alias, alias === 'stdio' ? { type: alias, command: 'node' } : { type: alias, url: 'https://x.example/mcp' }]));
    const preview = await caller.mcp.importPreview({ text: JSON.stringify({ mcpServers: servers }) });
    expect(Object.fromEntries(preview.entries.map((e) => [e.sourceName, e.type]))).toEqual(aliases);
  });

  it('a pasted command line becomes one stdio entry, quotes and leading env assignments included', async () => {
    const { caller, services } = importCaller();
    const text = `API_KEY=abc npx -y @scope/server-thing@1.2.0 --flag "two words" 'it''s'`;
    const preview = await caller.mcp.importPreview({ text });
    expect(preview.dialect).toBe('commandLine');
    expect(preview.entries.map((e) => [e.sourceName, e.action, e.type])).toEqual([['server-thing', 'add', 'stdio']]);
    await caller.mcp.importApply({ text });
    const record = services.mcpServers.getByName('server-thing');
    expect(record.config).toMatchObject({ command: 'npx', args: ['-y', '@scope/server-thing@1.2.0', '--flag', 'two words', 'its'], env: { API_KEY: 'abc' } });
  });

  it('fields Elftia has no setting for are listed as not applied, not refused', async () => {
    const { caller } = importCaller();
    const preview = await caller.mcp.importPreview({ text: JSON.stringify({ servers: { a: { type: 'stdio', command: 'node', cwd: '/work', envFile: '.env' } } }) });
    expect(preview.errors).toEqual([]);
    expect(preview.entries[0]).toMatchObject({ action: 'add', notApplied: ['cwd', 'envFile'] });
  });

  it('a "_comment" string among the servers is skipped as unsupported, not an error', async () => {
    const { caller } = importCaller();
    const preview = await caller.mcp.importPreview({ text: JSON.stringify({ mcpServers: { _comment: 'mine', a: { command: 'node' } } }) });
    expect(preview.errors).toEqual([]);
    expect(preview.entries.map((e) => [e.sourceName, e.action, e.reason])).toEqual([
      ['_comment', 'skip', 'unsupported'],
      ['a', 'add', undefined],
    ]);
  });
});
