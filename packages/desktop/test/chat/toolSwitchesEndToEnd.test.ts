/**
 * Per-tool switches through the real composition root: a real server-everything over stdio, the
 * scripted provider on 127.0.0.1 answering the official SDKs, ChatService, TinyElfEngine and the
 * ApprovalService. A tool turned off never reaches a provider request, use_mcp_tool refuses it and
 * search_tools does not find it; a tool in `alwaysAllow` runs without a prompt.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type AppServices, createAppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { EVERYTHING_ENTRY } from '../cli/mcpServers';
import { API_KEY, scripted } from '../completion/helpers';
import type { ScriptInput } from '../support/scriptedProvider/script';
import { openScriptedConversation } from '../support/scriptedConversation';
import { tempDir } from '../support/tempDir';

const opened: AppServices[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.dispose();
});

async function setup(script: ScriptInput) {
  const provider = await scripted({ script: { apiKey: API_KEY, ...script } });
  const services = createAppServices({ dataDir: tempDir('tool-switches-'), autoConnectMcp: true });
  opened.push(services);
  const caller = createAppCaller({ services });
  const server = await caller.mcp.add({ name: 'everything', type: 'stdio', command: process.execPath, args: [EVERYTHING_ENTRY, 'stdio'] });
  await services.start();
  await services.mcp.connect(server.id);
  const { conversation, turn, stop } = await openScriptedConversation(services, caller, provider.url);
  return { provider, services, caller, server, conversation, turn, stop };
}

type OpenAIBody = { tools?: { function: { name: string } }[] };
const toolNamesOf = (body: unknown) => ((body as OpenAIBody).tools ?? []).map((t) => t.function.name);

describe('per-tool switches in a chat turn', () => {
  it('a tool turned off is missing from the provider request; turned on again it is back', async () => {
    const { provider, caller, server, turn, stop } = await setup({ turns: [{ text: ['One.'] }, { text: ['Two.'] }, { text: ['Three.'] }] });
    await turn('Hello');
    await caller.mcp.setToolEnabled({ id: server.id, tool: 'echo', enabled: false });
    await turn('Hello again');
    await caller.mcp.setToolEnabled({ id: server.id, tool: 'echo', enabled: true });
    await turn('And again');
    await stop();

    const [before, off, on] = provider.requests.filter((r) => r.outcome === 'reply' && r.purpose !== 'title').map((r) => toolNamesOf(r.body));
    expect(before).toContain('mcp__everything__echo');
    expect(off).not.toContain('mcp__everything__echo');
    expect(off).toEqual(before!.filter((name) => name !== 'mcp__everything__echo'));
    expect(on).toEqual(before);
  });

  it('in many-tools mode use_mcp_tool refuses a tool turned off, search_tools does not find it, and only enabled tools count', async () => {
    const { caller, services, server, conversation, turn, stop } = await setup({
      turns: [
        {
          toolCalls: [
            { id: 'call_1', name: 'use_mcp_tool', arguments: { server_name: 'everything', tool_name: 'echo', arguments: { message: 'hi' } } },
            { id: 'call_2', name: 'search_tools', arguments: { query: 'echo' } },
          ],
        },
        { text: ['Done.'] },
      ],
    });
    const all = await services.mcp.listServerTools(server.id);
    await caller.approvals.setPolicy({ manyToolsThreshold: 1 });
    await caller.mcp.setToolEnabled({ id: server.id, tool: 'echo', enabled: false });
    const events = await turn('Echo hi');
    await stop();

    // A refused call is answered at once: no prompt for a tool that cannot run.
    expect(events.some((e) => e.type === 'approval')).toBe(false);
    const messages = await caller.chat.messages({ conversationId: conversation.id });
    expect(messages.find((m) => m.manyTools)?.manyTools).toEqual({ toolCount: all.length - 1, threshold: 1 });
    const calls = messages.flatMap((m) => m.toolCalls);
    const use = calls.find((c) => c.id === 'call_1');
    const search = calls.find((c) => c.id === 'call_2');
    expect(use).toMatchObject({ toolName: 'use_mcp_tool', result: { isError: true } });
    expect(use?.result?.text).toContain('"echo" of MCP server "everything" is turned off');
    expect(search).toMatchObject({ toolName: 'search_tools', result: { isError: false } });
    expect(search?.result?.text).toBe(`No tool matches "echo" among ${all.length - 1} tools. Try other or fewer keywords.`);
  });

  it('a tool in alwaysAllow runs without a prompt; the others still ask', async () => {
    const { caller, server, conversation, turn, stop, services } = await setup({
      turns: [
        { toolCalls: [{ id: 'call_1', name: 'mcp__everything__echo', arguments: { message: 'hi' } }] },
        { toolCalls: [{ id: 'call_2', name: 'mcp__everything__get-sum', arguments: { a: 1, b: 2 } }] },
        { text: ['Done.'] },
      ],
    });
    await caller.mcp.setToolAlwaysAllow({ id: server.id, tool: 'echo', alwaysAllow: true });
    const events = await turn('Echo hi, then add');
    await stop();

    const asked = events.flatMap((e) => (e.type === 'approval' ? [e.request.toolName] : []));
    expect(asked).toEqual(['get-sum']);
    const calls = (await caller.chat.messages({ conversationId: conversation.id })).flatMap((m) => m.toolCalls);
    expect(calls.map((c) => [c.toolName, c.status])).toEqual([
      ['echo', 'done'],
      ['get-sum', 'done'],
    ]);
    // The config's switch is not a grant: the grants list (revocable in Settings) stays empty.
    expect(services.approvals.listPermissions()).toEqual([]);
  });
});
