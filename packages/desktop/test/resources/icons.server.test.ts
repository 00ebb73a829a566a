/**
 * Icons as a real server sends them (a process speaking MCP over stdio): only https: and data:
 * images reach the app's views of the server, its tools, resources, templates and prompts.
 */
import { describe, expect, it } from 'vitest';
import { fixture } from '../mcp/helpers';
import { openApp } from '../support/appHarness';

describe('icons from a server', () => {
  it('keeps the first safe icon of the server, a tool, a resource and a template, and none where all are hostile', async () => {
    const { caller } = openApp();
    const { id } = await caller.mcp.add({ name: 'icons', type: 'stdio', command: process.execPath, args: [fixture('icons-server.mjs')], timeoutSec: 20 });
    const tools = await caller.mcp.tools({ id });
    expect(tools.map((tool) => [tool.name, tool.icon])).toEqual([
      ['pictured', 'data:image/png;base64,iVBORw0KGgo='],
      ['plain', undefined],
    ]);
    expect((await caller.mcp.get({ id })).connection?.serverInfo).toEqual({ name: 'icons', version: '1.0.0', icon: 'https://example.com/server.svg' });

    const catalog = await caller.resources.catalog({ id });
    expect(catalog.resources.map((resource) => [resource.name, resource.icon])).toEqual([
      ['safe', 'https://example.com/r.png'],
      ['hostile', undefined],
      ['typed', undefined],
    ]);
    expect(catalog.templates[0]?.icon).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(catalog.prompts[0]).not.toHaveProperty('icon');
    expect(JSON.stringify([tools, catalog])).not.toMatch(/javascript:|http:\/\/|text\/html/);
  });
});
