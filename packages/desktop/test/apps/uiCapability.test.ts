import { describe, expect, it } from 'vitest';
import { MCP_APP_MIME_TYPE, MCP_UI_EXTENSION_ID } from '../../app/shared/contracts/apps';
import { openApp } from '../support/appHarness';
import { fixture } from '../mcp/helpers';
import { APPS_TEST_OPTIONS, addHostileServer } from './appsServers';

describe('the MCP Apps UI extension in the client capabilities', () => {
  it('a 2025-era server sees io.modelcontextprotocol/ui with the app MIME type in initialize', async () => {
    const { caller } = openApp(APPS_TEST_OPTIONS);
    const id = await addHostileServer(caller);
    const result = await caller.mcp.callTool({ id, tool: 'client_capabilities', arguments: {} });
    const first = result.content[0];
    const capabilities = JSON.parse(first?.type === 'text' ? first.text : 'null') as { extensions?: Record<string, unknown> };
    expect(capabilities.extensions).toEqual({ [MCP_UI_EXTENSION_ID]: { mimeTypes: [MCP_APP_MIME_TYPE] } });
  }, 30_000);

  it('an SDK v2 server on the 2026-07-28 era sees it in every request\'s envelope', async () => {
    const { caller } = openApp(APPS_TEST_OPTIONS);
    const { id } = await caller.mcp.add({ name: 'modern', type: 'stdio', command: process.execPath, args: [fixture('apps-modern-server.mjs')] });
    const result = await caller.mcp.callTool({ id, tool: 'client_capabilities', arguments: {} });
    const first = result.content[0];
    const seen = JSON.parse(first?.type === 'text' ? first.text : 'null') as { era: string; capabilities: { extensions?: Record<string, unknown> } | null };
    expect(seen.era).toBe('modern');
    expect(seen.capabilities?.extensions).toEqual({ [MCP_UI_EXTENSION_ID]: { mimeTypes: [MCP_APP_MIME_TYPE] } });
  }, 30_000);
});
