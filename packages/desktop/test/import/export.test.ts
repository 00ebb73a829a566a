/**
 * Export to `mcpServers` text: secrets become `${input:…}` references with matching inputs unless
 * asked for, and import → export → import gives the same servers.
 */
import { describe, expect, it } from 'vitest';
import type { McpServerRecord } from '../../app/shared/contracts/mcp-types';
import { fixture, importCaller } from './helpers';

/** What makes two servers the same server, without ids and timestamps. */
const shapeOf = (records: McpServerRecord[]) =>
  records.map(({ name, type, config, timeoutSec, enabled, disabledTools, alwaysAllow }) => ({ name, type, config, timeoutSec, enabled, disabledTools, alwaysAllow }));

describe('mcp.exportServers', () => {
  it('replaces secret env and header values with ${input:} references declared in inputs', async () => {
    const { caller } = importCaller();
    await caller.mcp.importApply({ text: fixture('claude-desktop.json') });
    await caller.mcp.add({ name: 'remote', type: 'http', url: 'https://x.example/mcp?api_key=s3cret&x=1', headers: { Authorization: 'Bearer abc', 'X-Region': 'eu' } });
    const { text } = await caller.mcp.exportServers({});
    expect(text).not.toContain('ghp_exampleexampleexampleexample1234');
    expect(text).not.toContain('Bearer abc');
    expect(text).not.toContain('s3cret');
    const exported = JSON.parse(text) as { mcpServers: Record<string, Record<string, unknown>>; inputs: { id: string; password: boolean }[] };
    expect(exported.mcpServers.github?.env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: '${input:github-GITHUB_PERSONAL_ACCESS_TOKEN}' });
    expect(exported.mcpServers.remote).toEqual({
      type: 'http',
      url: 'https://x.example/mcp?api_key=${input:remote-url}&x=1',
      headers: { Authorization: '${input:remote-Authorization}', 'X-Region': 'eu' },
    });
    expect(exported.inputs.map((input) => input.id)).toEqual(['github-GITHUB_PERSONAL_ACCESS_TOKEN', 'remote-url', 'remote-Authorization']);
    expect(exported.inputs.every((input) => input.password)).toBe(true);
  });

  it('includeSecrets keeps the values; ids choose the servers', async () => {
    const { caller } = importCaller();
    await caller.mcp.importApply({ text: fixture('claude-desktop.json') });
    const github = (await caller.mcp.list()).find((s) => s.name === 'github');
    const { text } = await caller.mcp.exportServers({ ids: [github!.id], includeSecrets: true });
    expect(JSON.parse(text)).toEqual({ mcpServers: { github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_exampleexampleexampleexample1234' } } } });
  });

  it('import → export → import gives the same servers (elftia dialect with secrets; without, the secrets as references)', async () => {
    const first = importCaller();
    for (const name of ['claude-desktop.json', 'cline.json', 'roo.json', 'vscode-mcp.json']) {
      const text = fixture(name).replace(/"(github|local-server|remote-server|Perplexity)"/g, `"$1-${name}"`);
      await first.caller.mcp.importApply({ text });
    }
    const original = shapeOf(first.services.mcpServers.list());
    expect(original.some((s) => s.disabledTools.length > 0 && s.alwaysAllow.length === 0)).toBe(true);
    const full = await first.caller.mcp.exportServers({ dialect: 'elftia', includeSecrets: true });
    const second = importCaller();
    await second.caller.mcp.importApply({ text: full.text });
    expect(shapeOf(second.services.mcpServers.list())).toEqual(original);

    const shared = await first.caller.mcp.exportServers({ dialect: 'elftia' });
    const third = importCaller();
    const preview = await third.caller.mcp.importPreview({ text: shared.text });
    expect(preview.errors).toEqual([]);
    await third.caller.mcp.importApply({ text: shared.text });
    const again = shapeOf(third.services.mcpServers.list());
    expect(again.map((s) => s.name)).toEqual(original.map((s) => s.name));
    expect(again.find((s) => s.name === 'github-claude-desktop.json')?.config.env).toEqual({ GITHUB_PERSONAL_ACCESS_TOKEN: '${input:github-claude-desktop.json-GITHUB_PERSONAL_ACCESS_TOKEN}' });
  });

  it('the mcpServers dialect keeps connection fields only', async () => {
    const { caller } = importCaller();
    await caller.mcp.importApply({ text: fixture('cline.json') });
    const exported = JSON.parse((await caller.mcp.exportServers({ includeSecrets: true })).text) as { mcpServers: Record<string, unknown> };
    expect(exported.mcpServers['remote-server']).toEqual({ type: 'sse', url: 'https://your-server-url.com/mcp', headers: { Authorization: 'Bearer your-token' } });
  });
});
