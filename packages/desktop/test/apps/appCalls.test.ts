/**
 * MCP Apps through the real composition root: real Apps servers from npm (server-system-monitor,
 * server-basic-react) and the hostile fixture over stdio, the scripted provider answering the
 * official OpenAI SDK, ChatService, the engine and the ApprovalService. An app's `tools/call`
 * (apps.callTool) meets the model's approval gate; app-only tools never reach the model; a tool
 * call whose tool declares an app carries it on its view; an app's context reaches the next turn;
 * an app whose server was killed gets the reason, and its calls work again after the restart.
 */
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationRepository } from '../../app/main/db/ConversationRepository';
import { type AppServices, createAppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { appErrorData } from '../../app/main/routers/trpc';
import { API_KEY, scripted } from '../completion/helpers';
import { rejection } from '../support/appHarness';
import type { ScriptInput } from '../support/scriptedProvider/script';
import { openScriptedConversation } from '../support/scriptedConversation';
import { tempDir } from '../support/tempDir';
import { addAppsServer, addHostileServer } from './appsServers';

const opened: AppServices[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.dispose();
});

async function setup(script: ScriptInput = { turns: [] }) {
  const provider = await scripted({ script: { apiKey: API_KEY, ...script } });
  const services = createAppServices({ dataDir: tempDir('apps-calls-'), autoConnectMcp: true, builtinServers: false });
  opened.push(services);
  const caller = createAppCaller({ services });
  const monitor = await addAppsServer(caller, 'server-system-monitor');
  const react = await addAppsServer(caller, 'server-basic-react');
  const hostile = await addHostileServer(caller);
  await services.start();
  await Promise.all([monitor, react, hostile].map((id) => services.mcp.connect(id)));
  const { conversation, events, nextEvent, turn, nextApproval, stop } = await openScriptedConversation(services, caller, provider.url);
  // The cards the apps show in: one earlier tool call per server whose tool declares an app, stored
  // as a finished turn stores them (ChatService checks an app's call against its card).
  const servers = { 'server-system-monitor': monitor, 'server-basic-react': react, hostile };
  new ConversationRepository(services.db).insertMessage({
    id: 'hosts',
    conversationId: conversation.id,
    role: 'assistant',
    text: '',
    status: 'done',
    createdAt: conversation.createdAt,
    toolCalls: Object.entries(servers).map(([serverName, serverId]) => ({
      id: `card-${serverId}`,
      providerToolName: `mcp__${serverName}__show`,
      serverId,
      serverName,
      toolName: 'show',
      arguments: {},
      status: 'done' as const,
      app: { serverId, resourceUri: `ui://${serverName}/app.html` },
    })),
  });
  const host = (serverId: string) => ({ conversationId: conversation.id, hostCallId: `card-${serverId}`, serverId });
  return { provider, services, caller, monitor, react, hostile, conversation, turn, nextEvent, nextApproval, stop, host, events };
}

type OpenAIBody = { tools?: { function: { name: string } }[]; messages?: { role: string; content: unknown }[] };
const toolNamesOf = (body: unknown) => ((body as OpenAIBody).tools ?? []).map((t) => t.function.name);
const textOf = (result: { content: { type: string; text?: string }[] }) => result.content.map((c) => c.text ?? '').join('');
/** The pid of this process's child running the given npm Apps server. */
function serverPid(packageName: string): number {
  const line = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .find((row) => row.includes(`/${packageName}/`));
  if (!line) throw new Error(`no child process runs ${packageName}`);
  return Number(line.trim().split(/\s+/)[0]);
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const reached = (services: AppServices, id: string, tool: string) => services.mcp.getLogs(id).some((entry) => entry.text.includes(`tools/call reached: ${tool}`));

describe('app-only tools are hidden from the model', () => {
  it('the provider request lists the model-visible tools only; the server details still list every tool', async () => {
    const { provider, caller, monitor, hostile, turn, stop } = await setup({ turns: [{ text: ['Hi.'] }] });
    await turn('Hello');
    await stop();
    const [request] = provider.requests.filter((r) => r.outcome === 'reply' && r.purpose !== 'title');
    const names = toolNamesOf(request?.body);
    // Provider-safe names: `-` becomes `_`.
    expect(names).toContain('mcp__server_system_monitor__get_system_info');
    expect(names).not.toContain('mcp__server_system_monitor__poll_system_stats');
    expect(names).toEqual(expect.arrayContaining(['mcp__hostile__shown', 'mcp__hostile__legacy', 'mcp__hostile__model_only']));
    expect(names).not.toContain('mcp__hostile__app_only');

    const listed = await caller.mcp.tools({ id: monitor });
    expect(listed.find((tool) => tool.name === 'poll-system-stats')?._meta).toEqual({ ui: { visibility: ['app'] } });
    expect((await caller.mcp.tools({ id: hostile })).map((tool) => tool.name)).toContain('app_only');
  }, 90_000);

  it('in many-tools mode use_mcp_tool does not know an app-only tool and search_tools does not find it', async () => {
    const { caller, conversation, turn, stop } = await setup({
      turns: [
        {
          toolCalls: [
            { id: 'call_1', name: 'use_mcp_tool', arguments: { server_name: 'hostile', tool_name: 'app_only', arguments: {} } },
            { id: 'call_2', name: 'search_tools', arguments: { query: 'poll-system-stats' } },
          ],
        },
        { text: ['Done.'] },
      ],
    });
    await caller.approvals.setPolicy({ manyToolsThreshold: 1 });
    await turn('Try the app-only tools');
    await stop();
    const calls = (await caller.chat.messages({ conversationId: conversation.id })).flatMap((m) => m.toolCalls);
    expect(calls.find((c) => c.id === 'call_1')?.result?.text).toContain('MCP server "hostile" has no tool named "app_only"');
    const search = calls.find((c) => c.id === 'call_2')?.result?.text ?? '';
    expect(search).toContain('tool_name: get-system-info');
    expect(search).not.toContain('tool_name: poll-system-stats');
  }, 90_000);
});

describe('a tool call whose tool declares an app', () => {
  it('carries { serverId, resourceUri } on its view from the first update (the card can show the app before the result)', async () => {
    const { monitor, hostile, conversation, caller, turn, stop } = await setup({
      turns: [
        { toolCalls: [{ id: 'call_1', name: 'mcp__server-system-monitor__get-system-info', arguments: {} }, { id: 'call_2', name: 'mcp__hostile__legacy', arguments: {} }, { id: 'call_3', name: 'mcp__hostile__model_only', arguments: {} }] },
        { text: ['Done.'] },
      ],
    });
    const seen = await turn('Show the system');
    await stop();
    const firstView = (id: string) => seen.flatMap((e) => (e.type === 'message' ? e.message.toolCalls : [])).find((c) => c.id === id);
    // The card (with its app) shows while the model still writes the arguments (streamingAppCalls.test.ts),
    // then the complete call waits for approval under the same id.
    expect(firstView('call_1')).toMatchObject({ status: 'streaming', app: { serverId: monitor, resourceUri: 'ui://system-monitor/mcp-app.html' } });
    const firstComplete = seen.flatMap((e) => (e.type === 'message' ? e.message.toolCalls : [])).find((c) => c.id === 'call_1' && c.status !== 'streaming');
    expect(firstComplete).toMatchObject({ status: 'awaiting_approval', app: { serverId: monitor, resourceUri: 'ui://system-monitor/mcp-app.html' } });
    const calls = (await caller.chat.messages({ conversationId: conversation.id })).flatMap((m) => m.toolCalls);
    expect(calls.find((c) => c.id === 'call_1')).toMatchObject({ status: 'done', app: { serverId: monitor, resourceUri: 'ui://system-monitor/mcp-app.html' } });
    expect(calls.find((c) => c.id === 'call_2')?.app).toEqual({ serverId: hostile, resourceUri: 'ui://hostile/blob.html' });
    expect(calls.find((c) => c.id === 'call_3')).not.toHaveProperty('app');
  }, 90_000);
});

describe('apps.callTool: an app\'s tools/call', () => {
  it('poll-system-stats (app-only) runs for its own app after approval; the prompt names the app\'s card', async () => {
    const { caller, monitor, host, nextApproval, stop } = await setup();
    const call = caller.apps.callTool({ ...host(monitor), name: 'poll-system-stats' });
    const request = await nextApproval();
    expect(request).toMatchObject({ conversationId: host(monitor).conversationId, serverId: monitor, serverName: 'server-system-monitor', toolName: 'poll-system-stats', appHostCallId: `card-${monitor}` });
    await caller.chat.approve({ callId: request.callId, decision: 'allow_once' });
    const result = await call;
    await stop();
    expect(result).toMatchObject({ status: 'done', isError: false });
    expect(result.structuredContent ?? JSON.parse(textOf(result))).toHaveProperty('cpu');
  }, 90_000);

  it('refuses a model-only tool, an unknown one, another server\'s tool and a switched-off one with APP_TOOL_NOT_ALLOWED, before anything reaches a server', async () => {
    const { caller, services, monitor, hostile, host, events, stop } = await setup();
    const refused = async (serverId: string, name: string) => appErrorData(await rejection(caller.apps.callTool({ ...host(serverId), name })));
    expect(await refused(hostile, 'model_only')).toEqual({ code: 'APP_TOOL_NOT_ALLOWED', params: { server: hostile, tool: 'model_only' } });
    expect(await refused(hostile, 'no_such_tool')).toMatchObject({ code: 'APP_TOOL_NOT_ALLOWED' });
    // get-time is server-basic-react's: the system monitor's app cannot call it.
    expect(await refused(monitor, 'get-time')).toEqual({ code: 'APP_TOOL_NOT_ALLOWED', params: { server: monitor, tool: 'get-time' } });
    await caller.mcp.setToolEnabled({ id: hostile, tool: 'app_only', enabled: false });
    expect(await refused(hostile, 'app_only')).toMatchObject({ code: 'APP_TOOL_NOT_ALLOWED' });
    await stop();
    expect(events.filter((e) => e.type === 'approval')).toEqual([]);
    for (const tool of ['model_only', 'no_such_tool', 'app_only']) expect(reached(services, hostile, tool)).toBe(false);
  }, 90_000);

  it('an app may call while the turn of its card still runs: the card\'s own call waits for approval meanwhile', async () => {
    const { caller, monitor, conversation, nextApproval, stop } = await setup({
      turns: [{ toolCalls: [{ id: 'call_live', name: 'mcp__server-system-monitor__get-system-info', arguments: {} }] }, { text: ['Done.'] }],
    });
    await caller.chat.send({ conversationId: conversation.id, text: 'Show the system' });
    const modelAsks = await nextApproval();
    expect(modelAsks).toMatchObject({ toolName: 'get-system-info', serverId: monitor });
    const appCall = caller.apps.callTool({ conversationId: conversation.id, hostCallId: 'call_live', serverId: monitor, name: 'poll-system-stats' });
    const appAsks = await nextApproval();
    expect(appAsks).toMatchObject({ toolName: 'poll-system-stats', appHostCallId: 'call_live' });
    await caller.chat.approve({ callId: appAsks.callId, decision: 'allow_once' });
    expect(await appCall).toMatchObject({ status: 'done', isError: false });
    await caller.chat.approve({ callId: modelAsks.callId, decision: 'allow_once' });
    await stop();
  }, 90_000);

  it('refuses a call whose card is not in the conversation, or shows another server\'s app, with APP_TOOL_NOT_ALLOWED, unasked', async () => {
    const { caller, services, hostile, monitor, host, events, stop } = await setup();
    const refused = async (input: Parameters<typeof caller.apps.callTool>[0]) => appErrorData(await rejection(caller.apps.callTool(input)));
    const allowed = { code: 'APP_TOOL_NOT_ALLOWED', params: { server: hostile, tool: 'app_only' } };
    // A card that does not exist, the monitor's card claimed for the hostile server, and a real card of another conversation.
    expect(await refused({ ...host(hostile), hostCallId: 'card-nowhere', name: 'app_only', arguments: { value: 'x' } })).toEqual(allowed);
    expect(await refused({ ...host(hostile), hostCallId: `card-${monitor}`, name: 'app_only', arguments: { value: 'x' } })).toEqual(allowed);
    const other = await caller.chat.conversations.create({});
    expect(await refused({ ...host(hostile), conversationId: other.id, name: 'app_only', arguments: { value: 'x' } })).toEqual(allowed);
    await stop();
    expect(events.filter((e) => e.type === 'approval')).toEqual([]);
    expect(reached(services, hostile, 'app_only')).toBe(false);
  }, 90_000);

  it('kill -9 of the app\'s server: the app\'s call ends as a failed call that names the kill, unasked, and runs again once the server is back', async () => {
    const { caller, services, monitor, host, events, nextApproval, stop } = await setup();
    const pid = serverPid('server-system-monitor');
    process.kill(pid, 'SIGKILL');
    await waitUntil(async () => (await services.mcp.getState(monitor))?.status === 'error', 10_000);
    const failed = await caller.apps.callTool({ ...host(monitor), name: 'poll-system-stats' });
    expect(failed).toMatchObject({ status: 'error', isError: true, errorCode: 'NOT_CONNECTED', errorParams: { lastError: 'CONNECTION_CLOSED', signal: 'SIGKILL' } });
    expect(events.filter((e) => e.type === 'approval')).toEqual([]);
    // The pool restarts it on its own (reconnect with backoff); the app's next call then runs.
    await waitUntil(async () => (await services.mcp.getState(monitor))?.status === 'connected', 30_000);
    expect(serverPid('server-system-monitor')).not.toBe(pid);
    const again = caller.apps.callTool({ ...host(monitor), name: 'poll-system-stats' });
    await caller.chat.approve({ callId: (await nextApproval()).callId, decision: 'allow_once' });
    expect(await again).toMatchObject({ status: 'done', isError: false });
    await stop();
  }, 90_000);

  it('deny answers an error result and the server is never called', async () => {
    const { caller, services, hostile, host, nextApproval, stop } = await setup();
    const call = caller.apps.callTool({ ...host(hostile), name: 'app_only', arguments: { value: 'x' } });
    const request = await nextApproval();
    await caller.chat.approve({ callId: request.callId, decision: 'deny' });
    const result = await call;
    await stop();
    expect(result).toMatchObject({ status: 'denied', isError: true });
    expect(textOf(result)).toContain('declined');
    expect(reached(services, hostile, 'app_only')).toBe(false);
  }, 90_000);

  it('an always-allow grant is stored and honoured: the next call runs without a prompt', async () => {
    const { caller, services, hostile, host, nextApproval, events, stop } = await setup();
    const first = caller.apps.callTool({ ...host(hostile), name: 'app_only', arguments: { value: 'one' } });
    await caller.chat.approve({ callId: (await nextApproval()).callId, decision: 'always_allow' });
    expect(await first).toMatchObject({ status: 'done', isError: false });
    expect(await caller.approvals.permissions()).toEqual([expect.objectContaining({ serverId: hostile, toolName: 'app_only' })]);
    const prompts = events.filter((e) => e.type === 'approval').length;
    const second = await caller.apps.callTool({ ...host(hostile), name: 'app_only', arguments: { value: 'two' } });
    await stop();
    expect(second).toMatchObject({ status: 'done', isError: false });
    expect(JSON.parse(textOf(second))).toEqual({ called: 'app_only', arguments: { value: 'two' } });
    expect(events.filter((e) => e.type === 'approval')).toHaveLength(prompts);
    expect(reached(services, hostile, 'app_only')).toBe(true);
  }, 90_000);

  it('stopping the request while the prompt waits cancels it: the card hears approval_resolved, the server is never called', async () => {
    const { services, hostile, host, nextEvent, nextApproval, stop } = await setup();
    const controller = new AbortController();
    const call = createAppCaller({ services }, { signal: controller.signal }).apps.callTool({ ...host(hostile), name: 'app_only', arguments: { value: 'x' } });
    const request = await nextApproval();
    controller.abort();
    expect(await call).toMatchObject({ status: 'cancelled', isError: true, errorCode: 'CANCELLED' });
    let resolved = await nextEvent();
    while (resolved.type !== 'approval_resolved') resolved = await nextEvent();
    expect(resolved).toEqual({ type: 'approval_resolved', callId: request.callId, decision: 'cancelled' });
    expect(services.approvals.listPending()).toEqual([]);
    await stop();
    expect(reached(services, hostile, 'app_only')).toBe(false);
  }, 90_000);

  it('arguments that do not fit the schema fail before anyone is asked', async () => {
    const { caller, services, hostile, host, events, stop } = await setup();
    const result = await caller.apps.callTool({ ...host(hostile), name: 'app_only', arguments: { value: 5 } });
    await stop();
    expect(result).toMatchObject({ status: 'error', isError: true, errorCode: 'INVALID_ARGUMENTS' });
    expect(events.filter((e) => e.type === 'approval')).toEqual([]);
    expect(reached(services, hostile, 'app_only')).toBe(false);
  }, 90_000);
});

describe('apps.updateContext', () => {
  it('the app\'s latest context reaches the next turn\'s request before the user\'s message, naming its server; empty clears it', async () => {
    const { provider, caller, hostile, host, turn, stop } = await setup({ turns: [{ text: ['One.'] }, { text: ['Two.'] }, { text: ['Three.'] }] });
    await turn('First');
    await caller.apps.updateContext({ ...host(hostile), text: 'old state' });
    await caller.apps.updateContext({ ...host(hostile), text: 'The user selected row 3.' });
    await turn('Second');
    await caller.apps.updateContext({ ...host(hostile), text: '' });
    await turn('Third');
    await stop();
    const lastUser = (body: unknown) => {
      const messages = (body as OpenAIBody).messages ?? [];
      const content = messages.filter((m) => m.role === 'user').at(-1)?.content;
      return typeof content === 'string' ? content : JSON.stringify(content);
    };
    const [first, second, third] = provider.requests.filter((r) => r.outcome === 'reply' && r.purpose !== 'title').map((r) => lastUser(r.body));
    expect(first).toBe('First');
    expect(second).toContain('MCP App of server "hostile"');
    expect(second).toContain('The user selected row 3.');
    expect(second).not.toContain('old state');
    expect(second?.endsWith('Second')).toBe(true);
    expect(third).toBe('Third');
    // Not stored with the message: the conversation shows what the user wrote.
    const stored = await caller.chat.messages({ conversationId: host(hostile).conversationId });
    expect(stored.filter((m) => m.role === 'user').map((m) => m.text)).toEqual(['First', 'Second', 'Third']);
  }, 90_000);

  it('goes with its conversation when the conversation is deleted', async () => {
    const { services, caller, hostile, host, turn, stop } = await setup({ turns: [{ text: ['One.'] }] });
    await turn('First');
    await stop();
    await caller.apps.updateContext({ ...host(hostile), text: 'The user selected row 3.' });
    expect(services.apps.context.list(host(hostile).conversationId)).toHaveLength(1);
    await caller.chat.conversations.remove({ id: host(hostile).conversationId });
    expect(services.apps.context.list(host(hostile).conversationId)).toEqual([]);
  }, 90_000);
});
