/**
 * ChatService.toolCallApp, which apps.callTool asks before an app may call a tool (appToolCall.ts):
 * the app a call declares, answered from the running turn while the model still writes the call
 * (ahead of the batched writes), and from the database once the turn is over.
 */
import { describe, expect, it, vi } from 'vitest';
import { openChat, view } from './chatHarness';

const APP = { serverId: 's1', resourceUri: 'ui://everything/app.html' };

describe('ChatService.toolCallApp', () => {
  it('answers from the running turn while it runs, then from the database', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let streaming = () => {};
    const shown = new Promise<void>((resolve) => (streaming = resolve));
    const { chat, engine, repository } = openChat();
    engine.add(async (options) => {
      options.onEvent({ type: 'step_start', stepIndex: 0 });
      options.onEvent({ type: 'tool_call', stepIndex: 0, call: view('c-plain', 'streaming') });
      options.onEvent({ type: 'tool_call', stepIndex: 0, call: view('c-app', 'streaming', { app: APP }) });
      streaming();
      await held;
      options.onEvent({ type: 'tool_call', stepIndex: 0, call: view('c-app', 'done', { app: APP }) });
      options.onEvent({ type: 'tool_call', stepIndex: 0, call: view('c-plain', 'done') });
      return { messages: [{ role: 'assistant', text: '', toolCalls: [] }], stopReason: 'answered' };
    });
    const { id } = chat.create({ providerId: 'p1' });
    const other = chat.create({ providerId: 'p1' });
    chat.send(id, 'show the app');
    await shown;
    const stored = vi.spyOn(repository, 'toolCallApp');
    try {
      // The running turn answers for its own calls, with or without an app, without the database.
      expect(chat.toolCallApp(id, 'c-app')).toEqual(APP);
      expect(chat.toolCallApp(id, 'c-plain')).toBeUndefined();
      expect(stored).not.toHaveBeenCalled();
      expect(chat.toolCallApp(id, 'c-unknown')).toBeUndefined();
      expect(stored).toHaveBeenCalledWith(id, 'c-unknown');
      // A call id is only ever looked up in its own conversation.
      expect(chat.toolCallApp(other.id, 'c-app')).toBeUndefined();
    } finally {
      release();
    }
    await chat.settled(id);
    expect(chat.toolCallApp(id, 'c-app')).toEqual(APP);
    expect(stored).toHaveBeenCalledWith(id, 'c-app');
    expect(chat.toolCallApp(id, 'c-plain')).toBeUndefined();
    expect(chat.toolCallApp(other.id, 'c-app')).toBeUndefined();
  });
});
