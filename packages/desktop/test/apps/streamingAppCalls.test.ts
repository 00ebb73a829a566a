/**
 * A tool call whose tool declares an app gets its card while the model still writes the arguments
 * (status 'streaming', best-effort arguments so far), and the complete call takes the card over under
 * the same id. Through the real composition root: the hostile fixture over stdio, the scripted
 * provider streaming OpenAI chunks slowly to the official SDK, ChatService and the engine.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatStreamEvent, ToolCallView } from '../../app/shared/contracts/chat';
import { type AppServices, createAppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { API_KEY, scripted } from '../completion/helpers';
import type { ScriptInput } from '../support/scriptedProvider/script';
import { openScriptedConversation } from '../support/scriptedConversation';
import { tempDir } from '../support/tempDir';
import { addHostileServer } from './appsServers';

const opened: AppServices[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.dispose();
});

async function setup(script: ScriptInput) {
  const provider = await scripted({ script: { apiKey: API_KEY, ...script } });
  const services = createAppServices({ dataDir: tempDir('apps-streaming-'), autoConnectMcp: true, builtinServers: false });
  opened.push(services);
  const caller = createAppCaller({ services });
  const hostile = await addHostileServer(caller);
  await services.start();
  await services.mcp.connect(hostile);
  const { conversation, turn, nextEvent, stop } = await openScriptedConversation(services, caller, provider.url);
  return { hostile, caller, conversation, turn, nextEvent, stop };
}

/** Every view of one call, in the order the conversation's stream showed them. */
const viewsOf = (seen: ChatStreamEvent[], id: string): ToolCallView[] => seen.flatMap((e) => (e.type === 'message' ? e.message.toolCalls.filter((c) => c.id === id) : []));

const VALUE = 'a value long enough to arrive in several pieces';

describe('a tool call with an app, while the model writes its arguments', () => {
  it('shows a streaming card with the arguments so far, then the complete call under the same id; a tool without an app only when complete', async () => {
    const { hostile, caller, conversation, turn, stop } = await setup({
      turns: [
        {
          chunkDelayMs: 60,
          toolCalls: [
            { id: 'call_app', name: 'mcp__hostile__shown', arguments: { value: VALUE }, fragments: 5 },
            { id: 'call_plain', name: 'mcp__hostile__model_only', arguments: { value: VALUE }, fragments: 5 },
          ],
        },
        { text: ['Done.'] },
      ],
    });
    const seen = await turn('Show it');
    await stop();
    const app = viewsOf(seen, 'call_app');
    expect(app[0]).toMatchObject({ status: 'streaming', toolName: 'shown', serverId: hostile, app: { serverId: hostile, resourceUri: 'ui://hostile/ok.html' } });
    const streaming = app.filter((v) => v.status === 'streaming');
    const firstComplete = app.findIndex((v) => v.status !== 'streaming');
    expect(firstComplete).toBe(streaming.length);
    // The arguments grow as they arrive: each reading is a prefix of the final value.
    const partialValues = streaming.map((v) => (v.arguments as { value?: string }).value ?? '');
    expect(partialValues.some((value) => value !== '' && value !== VALUE)).toBe(true);
    for (const value of partialValues) expect(VALUE.startsWith(value)).toBe(true);
    expect(app[firstComplete]?.arguments).toEqual({ value: VALUE });
    // The tool without an app appears once complete, as before.
    expect(viewsOf(seen, 'call_plain').some((v) => v.status === 'streaming')).toBe(false);
    expect(viewsOf(seen, 'call_plain').length).toBeGreaterThan(0);
    const stored = (await caller.chat.messages({ conversationId: conversation.id })).flatMap((m) => m.toolCalls);
    expect(stored.filter((c) => c.id === 'call_app')).toHaveLength(1);
    expect(stored.find((c) => c.id === 'call_app')).toMatchObject({ status: 'done', arguments: { value: VALUE } });
  }, 90_000);

  it('its app may call a tool of its server while the card still streams', async () => {
    const { hostile, caller, conversation, nextEvent, stop } = await setup({
      turns: [{ chunkDelayMs: 150, toolCalls: [{ id: 'call_app', name: 'mcp__hostile__shown', arguments: { value: VALUE }, fragments: 8 }] }, { text: ['Done.'] }],
    });
    await caller.chat.send({ conversationId: conversation.id, text: 'Show it' });
    let appCall: ReturnType<typeof caller.apps.callTool> | undefined;
    let askedUnderTheCard = false;
    for (;;) {
      const event = await nextEvent();
      const card = event.type === 'message' ? event.message.toolCalls.find((c) => c.id === 'call_app') : undefined;
      if (card?.status === 'streaming' && !appCall) {
        appCall = caller.apps.callTool({ conversationId: conversation.id, hostCallId: 'call_app', serverId: hostile, name: 'app_only', arguments: { value: 'from the app' } });
      }
      if (event.type === 'approval') {
        if (event.request.appHostCallId === 'call_app') askedUnderTheCard = true;
        await caller.chat.approve({ callId: event.request.callId, decision: 'allow_once' });
      }
      if (event.type === 'turn' && !event.running) break;
    }
    await stop();
    expect(appCall).toBeDefined();
    expect(askedUnderTheCard).toBe(true);
    expect(await appCall).toMatchObject({ status: 'done', isError: false });
  }, 90_000);

  it('cancels the streaming card when the stream breaks before the call is complete', async () => {
    const { caller, conversation, turn, stop } = await setup({
      turns: [{ chunkDelayMs: 60, malformed: 'truncated', toolCalls: [{ id: 'call_app', name: 'mcp__hostile__shown', arguments: { value: VALUE }, fragments: 5 }] }],
    });
    const seen = await turn('Show it');
    await stop();
    expect(viewsOf(seen, 'call_app')[0]?.status).toBe('streaming');
    const stored = (await caller.chat.messages({ conversationId: conversation.id })).flatMap((m) => m.toolCalls);
    expect(stored.find((c) => c.id === 'call_app')).toMatchObject({ status: 'cancelled' });
  }, 90_000);
});
