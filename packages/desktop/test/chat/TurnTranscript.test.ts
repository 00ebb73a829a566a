import { describe, expect, it } from 'vitest';
import type { TurnResult } from '../../app/main/engine/engineTypes';
import { TurnTranscript } from '../../app/main/chat/TurnTranscript';
import { view } from './chatHarness';

function transcript() {
  let id = 0;
  return new TurnTranscript({ conversationId: 'c1', newId: () => `m${(id += 1)}`, now: () => '2026-01-02T00:00:00.000Z', nowMs: () => 42 });
}

const answered: TurnResult = { messages: [], stopReason: 'answered' };

describe('TurnTranscript', () => {
  it('makes one assistant message per step, with its streamed text and tool calls', () => {
    const t = transcript();
    expect(t.apply({ type: 'step_start', stepIndex: 0 })).toMatchObject({ weight: 'major', message: { id: 'm1', role: 'assistant', status: 'streaming', text: '' } });
    expect(t.apply({ type: 'text', stepIndex: 0, delta: 'Let me ' })?.weight).toBe('minor');
    t.apply({ type: 'text', stepIndex: 0, delta: 'check.' });
    expect(t.apply({ type: 'tool_call', stepIndex: 0, call: view('t1', 'awaiting_approval') })?.weight).toBe('major');
    expect(t.apply({ type: 'tool_call', stepIndex: 0, call: view('t1', 'running') })?.weight).toBe('major');
    expect(t.apply({ type: 'tool_call', stepIndex: 0, call: view('t1', 'running', { progress: { progress: 1, total: 3 } }) })?.weight).toBe('minor');
    t.apply({ type: 'tool_call', stepIndex: 0, call: view('t1', 'done') });
    t.apply({ type: 'step_start', stepIndex: 1 });
    t.apply({ type: 'text', stepIndex: 1, delta: 'It said hi.' });
    expect(t.apply({ type: 'approval_requested', request: { callId: 't1', conversationId: 'c1', toolName: 'echo', arguments: {}, destructive: false } })).toBeUndefined();

    const [first, second] = t.finish(answered);
    expect(first).toMatchObject({ id: 'm1', text: 'Let me check.', status: 'done', toolCalls: [view('t1', 'done')] });
    expect(second).toMatchObject({ id: 'm2', text: 'It said hi.', status: 'done', toolCalls: [] });
    expect(t.messages()).toEqual([first, second]);
  });

  it('keeps each step’s token usage with its message, and the many-tools note on the turn’s first message', () => {
    const t = transcript();
    expect(t.apply({ type: 'many_tools', toolCount: 57, threshold: 40 })).toBeUndefined();
    t.apply({ type: 'step_start', stepIndex: 0 });
    t.apply({ type: 'tool_call', stepIndex: 0, call: view('t1', 'done') });
    expect(t.apply({ type: 'usage', stepIndex: 0, usage: { inputTokens: 1000, outputTokens: 20 } })?.weight).toBe('minor');
    t.apply({ type: 'step_start', stepIndex: 1 });
    t.apply({ type: 'text', stepIndex: 1, delta: 'Done.' });
    t.apply({ type: 'usage', stepIndex: 1, usage: { inputTokens: 1100, outputTokens: 5 } });

    const [first, second] = t.finish(answered);
    expect(first).toMatchObject({ manyTools: { toolCount: 57, threshold: 40 }, usage: { inputTokens: 1000, outputTokens: 20 } });
    expect(second).toMatchObject({ text: 'Done.', usage: { inputTokens: 1100, outputTokens: 5 } });
    expect(second?.manyTools).toBeUndefined();
  });

  it('never changes a snapshot it handed out', () => {
    const t = transcript();
    const created = t.apply({ type: 'step_start', stepIndex: 0 })?.message;
    t.apply({ type: 'text', stepIndex: 0, delta: 'more' });
    expect(created?.text).toBe('');
  });

  it('ends the last message as stopped and cancels calls left running or waiting', () => {
    const t = transcript();
    t.apply({ type: 'step_start', stepIndex: 0 });
    t.apply({ type: 'tool_call', stepIndex: 0, call: view('t1', 'running', { progress: { progress: 1 } }) });
    t.apply({ type: 'tool_call', stepIndex: 0, call: view('t2', 'awaiting_approval') });
    t.apply({ type: 'tool_call', stepIndex: 0, call: view('t3', 'done', { endedAtMs: 7 }) });
    const [message] = t.finish({ messages: [], stopReason: 'stopped' });
    expect(message?.status).toBe('stopped');
    expect(message?.toolCalls.map((c) => [c.status, c.endedAtMs])).toEqual([
      ['cancelled', 42],
      ['cancelled', 42],
      ['done', 7],
    ]);
    expect(message?.toolCalls[0]).not.toHaveProperty('progress');
  });

  it('cancels a call still streaming its arguments when the turn ends, and takes the complete call over under its id', () => {
    const t = transcript();
    t.apply({ type: 'tool_call', stepIndex: 0, call: view('s1', 'streaming') });
    expect(t.apply({ type: 'tool_call', stepIndex: 0, call: view('s1', 'streaming', { arguments: { a: 1 } }) })?.weight).toBe('minor');
    t.apply({ type: 'tool_call', stepIndex: 0, call: view('s2', 'streaming') });
    expect(t.apply({ type: 'tool_call', stepIndex: 0, call: view('s1', 'done', { endedAtMs: 7 }) })?.weight).toBe('major');
    const [message] = t.finish({ messages: [], stopReason: 'stopped' });
    expect(message?.toolCalls.map((c) => [c.id, c.status, c.endedAtMs])).toEqual([
      ['s1', 'done', 7],
      ['s2', 'cancelled', 42],
    ]);
  });

  it('puts a provider error on the last step only, with its code', () => {
    const t = transcript();
    t.apply({ type: 'step_start', stepIndex: 0 });
    t.apply({ type: 'step_start', stepIndex: 1 });
    const messages = t.finish({ messages: [], stopReason: 'error', error: { code: 'PROVIDER_RATE_LIMIT' } });
    expect(messages.map((m) => [m.status, m.error])).toEqual([
      ['done', undefined],
      ['error', { code: 'PROVIDER_RATE_LIMIT' }],
    ]);
  });

  it('gives a turn that failed before its first step a message saying why', () => {
    expect(transcript().finish({ messages: [], stopReason: 'error', error: { code: 'PROVIDER_AUTH' } })).toEqual([
      { id: 'm1', conversationId: 'c1', role: 'assistant', text: '', toolCalls: [], status: 'error', error: { code: 'PROVIDER_AUTH' }, createdAt: '2026-01-02T00:00:00.000Z' },
    ]);
    expect(transcript().finish({ messages: [], stopReason: 'stopped' })).toEqual([]);
  });

  it('reports the step limit with the number of steps taken', () => {
    const t = transcript();
    for (let stepIndex = 0; stepIndex < 3; stepIndex += 1) t.apply({ type: 'step_start', stepIndex });
    expect(t.finish({ messages: [], stopReason: 'step_limit' }).at(-1)).toMatchObject({ status: 'error', error: { code: 'STEP_LIMIT', params: { steps: 3 } } });
  });
});
