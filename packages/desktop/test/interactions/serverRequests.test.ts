/**
 * End to end: a real MCP server (server-everything over stdio) asks through McpService, the app's
 * InteractionBroker lists it, an answerer answers like the UI would, and the tool's result shows
 * what was answered. Roots come from the real WorkspaceService; sampling runs on a configured
 * provider (the scripted one) after approval.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PendingInteraction } from '../../app/shared/contracts/interactions';
import type { AppServices } from '../../app/main/index';
import { openApp } from '../support/appHarness';
import { tempDir } from '../support/tempDir';
import { everythingEntry, fixture } from '../mcp/helpers';
import { scripted } from '../completion/helpers';

async function withEverything(options: { workspace?: string } = {}) {
  const { services } = openApp({ builtinServers: false, ...options });
  const { id } = services.mcpServers.add({ name: 'everything', type: 'stdio', command: process.execPath, args: [everythingEntry(), 'stdio'], env: {}, watchPaths: [], timeoutSec: 30, enabled: true });
  await services.start();
  await services.mcp.connect(id);
  return { services, id };
}

/** Resolves with the next interaction the broker lists. */
function nextInteraction(services: AppServices): Promise<PendingInteraction> {
  return new Promise((resolve) => {
    const off = services.interactions.onEvent((event) => {
      if (event.type !== 'requested') return;
      off();
      resolve(event.interaction);
    });
  });
}

const textOf = (result: { content: Array<{ type: string; text?: string }> }) => result.content.map((item) => item.text ?? '').join('\n');

describe('server requests through McpService', () => {
  it('a form elicitation of the call reaches the broker tied to the call, and the accepted values reach the server', async () => {
    const { services, id } = await withEverything();
    const asked = nextInteraction(services);
    const call = services.mcp.callTool(id, 'trigger-elicitation-request', {}, 'call-form', { timeoutMs: 20_000 });
    const interaction = await asked;
    expect(interaction).toMatchObject({ kind: 'form', serverId: id, serverName: 'everything', callId: 'call-form' });
    if (interaction.kind !== 'form') throw new Error('not a form');
    // server-everything's schema uses every kind of the specification's restricted schema.
    expect(new Set(interaction.fields.map((field) => field.kind))).toEqual(new Set(['text', 'boolean', 'number', 'choice', 'multi']));
    await services.interactions.answer(interaction.id, { action: 'accept', content: { name: 'Ada Lovelace', email: 'ada@example.com', integer: 7, check: true } });
    const text = textOf(await call);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('ada@example.com');
  });

  it('a declined form tells the server so', async () => {
    const { services, id } = await withEverything();
    const asked = nextInteraction(services);
    const call = services.mcp.callTool(id, 'trigger-elicitation-request', {}, 'call-decline', { timeoutMs: 20_000 });
    await services.interactions.answer((await asked).id, { action: 'decline' });
    expect(textOf(await call).toLowerCase()).toContain('decline');
  });

  it('cancelling the call ends the pending question', async () => {
    const { services, id } = await withEverything();
    const asked = nextInteraction(services);
    const controller = new AbortController();
    const call = services.mcp.callTool(id, 'trigger-elicitation-request', {}, 'call-stop', { timeoutMs: 20_000, signal: controller.signal });
    await asked;
    expect(services.interactions.listPending()).toHaveLength(1);
    controller.abort(new Error('stopped'));
    await expect(call).rejects.toBeDefined();
    await expect.poll(() => services.interactions.listPending()).toEqual([]);
  });

  it('a URL elicitation asks first and opens the page only after consent', async () => {
    const opened: string[] = [];
    const { services } = openApp({ builtinServers: false, openExternal: async (url) => void opened.push(url) });
    const { id } = services.mcpServers.add({ name: 'everything', type: 'stdio', command: process.execPath, args: [everythingEntry(), 'stdio'], env: {}, watchPaths: [], timeoutSec: 30, enabled: true });
    await services.start();
    await services.mcp.connect(id);
    const asked = nextInteraction(services);
    const call = services.mcp.callTool(id, 'trigger-url-elicitation', { url: 'https://auth.example.com/link?step=1', message: 'Link it' }, 'call-url', { timeoutMs: 20_000 });
    const interaction = await asked;
    expect(interaction).toMatchObject({ kind: 'url', host: 'auth.example.com', message: 'Link it', callId: 'call-url' });
    expect(opened).toEqual([]);
    await services.interactions.answer(interaction.id, { action: 'accept' });
    expect(opened).toEqual(['https://auth.example.com/link?step=1']);
    expect(textOf(await call).toLowerCase()).toContain('accept');
  });

  it('roots are the open workspace folder', async () => {
    const folder = fs.realpathSync(tempDir());
    const { services, id } = await withEverything({ workspace: folder });
    await expect
      .poll(async () => textOf(await services.mcp.callTool(id, 'get-roots-list', {}, `roots-${Date.now()}`, { timeoutMs: 10_000 })), { timeout: 10_000 })
      .toContain(pathToFileURL(folder).href);
    expect(textOf(await services.mcp.callTool(id, 'get-roots-list', {}, 'roots-name', { timeoutMs: 10_000 }))).toContain(path.basename(folder));
    // Opening another folder sends roots/list_changed; the server asks again and sees it.
    const other = path.join(fs.realpathSync(tempDir()), 'second project');
    fs.mkdirSync(other);
    services.workspace.open(other, { remember: false });
    await expect
      .poll(async () => textOf(await services.mcp.callTool(id, 'get-roots-list', {}, `roots-${Date.now()}`, { timeoutMs: 10_000 })), { timeout: 10_000 })
      .toContain(pathToFileURL(other).href);
  });

  it('sampling runs on the configured provider after approval and the answer reaches the server', async () => {
    const provider = await scripted({ script: { turns: [{ text: ['Sampled ', 'reply'], expect: { system: 'You are a helpful test server.', userText: ['edited prompt'] } }] } });
    const { services, id } = await withEverything();
    services.providers.add({ name: 'Scripted', kind: 'openai', baseUrl: `${provider.url}/v1`, apiKey: 'sk-test-4f9a1c', models: ['scripted-model'] });
    const asked = nextInteraction(services);
    const call = services.mcp.callTool(id, 'trigger-sampling-request', { prompt: 'original', maxTokens: 50 }, 'call-sample', { timeoutMs: 20_000 });
    const interaction = await asked;
    expect(interaction).toMatchObject({ kind: 'sampling', systemPrompt: 'You are a helpful test server.', maxTokens: 50, editableText: 'Resource trigger-sampling-request context: original' });
    await services.interactions.answer(interaction.id, { action: 'approve', text: 'edited prompt' });
    const text = textOf(await call);
    expect(text).toContain('Sampled reply');
    expect(text).toContain('scripted-model');
    expect(services.interactions.listSampled()).toMatchObject([{ callId: 'call-sample', text: 'Sampled reply', model: 'scripted-model' }]);
  });

  it('a rejected sampling request reaches the server as an error', async () => {
    const { services, id } = await withEverything();
    const asked = nextInteraction(services);
    const call = services.mcp.callTool(id, 'trigger-sampling-request', { prompt: 'x' }, 'call-reject', { timeoutMs: 20_000 });
    await services.interactions.answer((await asked).id, { action: 'reject' });
    const result = await call.then(
      (value) => textOf(value),
      (error: unknown) => String(error),
    );
    expect(result).toMatch(/rejected/i);
  });

  it('a 2026-07-28 server asks through input_required inside the call: the same form, answered the same way', async () => {
    const { services } = openApp({ builtinServers: false });
    const { id } = services.mcpServers.add({ name: 'modern', type: 'stdio', command: process.execPath, args: [fixture('modern-stdio-server.mjs')], env: {}, watchPaths: [], timeoutSec: 30, enabled: true });
    await services.start();
    await services.mcp.connect(id);
    const asked = nextInteraction(services);
    const call = services.mcp.callTool(id, 'ask', {}, 'call-mrtr', { timeoutMs: 20_000 });
    const interaction = await asked;
    expect(interaction).toMatchObject({ kind: 'form', serverName: 'modern', callId: 'call-mrtr', message: 'Your name?', fields: [{ name: 'name', kind: 'text', required: true }] });
    await services.interactions.answer(interaction.id, { action: 'accept', content: { name: 'Ada' } });
    expect(textOf(await call)).toBe('Hello, Ada (modern)');
  });
});
