/**
 * The TinyElf turn loop against real server-everything: concurrency of one step's calls, Stop, the
 * step cap, images to the next request, cutting huge text for the model, unknown tool names, provider
 * errors, and Anthropic's renamed argument keys mapped back before the MCP call.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AutoApprovalGate } from '../../app/main/approvals/AutoApprovalGate';
import { CompletionError, type CompletionEvent } from '../../app/main/completion/types';
import type { ToolCallView } from '../../app/shared/contracts/chat';
import { type Harness, closeHarness, createHarness, fixture, recordFile, stdioRecord, waitFor } from '../mcp/helpers';
import { FIXTURES, everythingRecord, only, provider, runTurn } from './agentHarness';
import { answer, callTools, definedToolNames, toolMessages } from './scriptedCompletion';

const everything = everythingRecord();
const calls = recordFile();
const annotated = stdioRecord(path.join(FIXTURES, 'agent-annotated-server.mjs'), { name: 'annotated' }, { MCP_FIXTURE_RECORD: calls.path });
const awkward = stdioRecord(fixture('tl-awkward-keys-server.mjs'), { name: 'awkward' });

let harness: Harness;
const allow = new AutoApprovalGate('always');

beforeAll(async () => {
  harness = createHarness([everything, annotated, awkward]);
  await Promise.all([everything, annotated, awkward].map((s) => harness.service.connect(s.id)));
});

afterAll(async () => {
  await closeHarness(harness);
  calls.cleanup();
});

function engine(extra: Record<string, unknown> = {}) {
  return { mcp: harness.service, approvals: allow, ...extra };
}

describe('the turn loop', () => {
  it('offers every connected server tool in the provider format and answers without tools when the model does', async () => {
    const run = await runTurn({ engine: engine(), steps: [answer('Hello there.')] });
    expect(run.result).toEqual({ messages: [{ role: 'assistant', text: 'Hello there.', toolCalls: [] }], stopReason: 'answered' });
    expect(run.events.filter((e) => e.type === 'text').map((e) => (e.type === 'text' ? e.delta : '')).join('')).toBe('Hello there.');
    const names = definedToolNames(run.model.requests[0]!);
    expect(names).toEqual(expect.arrayContaining(['mcp__everything__echo', 'mcp__annotated__wipe', 'access_mcp_resource']));
    expect(names).not.toContain('use_mcp_tool');
  });

  it('offers no MCP tool when the conversation disables them, and only the selected servers in manual mode', async () => {
    const disabled = await runTurn({ engine: engine(), steps: [answer('ok')], turn: { toolMode: 'disabled' } });
    expect(disabled.model.requests[0]?.tools).toEqual([]);
    const manual = await runTurn({ engine: engine(), steps: [answer('ok')], turn: { toolMode: 'manual', selectedServerIds: [annotated.id] } });
    const names = definedToolNames(manual.model.requests[0]!);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.startsWith('mcp__annotated__'))).toBe(true);
  });

  it('runs the calls of one step concurrently', async () => {
    const op = { tool: 'mcp__everything__trigger-long-running-operation', arguments: { duration: 1.2, steps: 3 } };
    const started = Date.now();
    const run = await runTurn({ engine: engine(), steps: [callTools({ id: 'a', ...op }, { id: 'b', ...op }), answer('both done')] });
    const elapsed = Date.now() - started;
    const a = run.calls.get('a') as ToolCallView;
    const b = run.calls.get('b') as ToolCallView;
    expect(a?.status).toBe('done');
    expect(b?.status).toBe('done');
    expect(a.startedAtMs! < b.endedAtMs! && b.startedAtMs! < a.endedAtMs!).toBe(true);
    expect(elapsed).toBeLessThan(2300);
    expect(run.views.some((v) => v.id === 'a' && v.status === 'running' && v.progress?.total === 3)).toBe(true);
    expect(toolMessages(run.model.requests[1]).map((m) => m.toolCallId)).toEqual(['a', 'b']);
  });

  it('Stop during the long-running operation cancels it at once and ends the turn stopped', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const run = await runTurn({
      engine: engine(),
      steps: [callTools({ id: 'long', tool: 'mcp__everything__trigger-long-running-operation', arguments: { duration: 30, steps: 30 } }, { id: 'h', tool: 'mcp__annotated__hang' })],
      turn: { signal: controller.signal },
      onEvent: (event) => {
        if (event.type === 'tool_call' && event.call.id === 'long' && event.call.progress) controller.abort();
      },
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(run.result.stopReason).toBe('stopped');
    expect(run.calls.get('long')).toMatchObject({ status: 'cancelled', errorCode: 'CANCELLED' });
    expect(run.calls.get('h')).toMatchObject({ status: 'cancelled' });
    // Every call the model made still has a result, so the history stays valid for the provider.
    expect(run.result.messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'tool']);
    expect(run.model.requests).toHaveLength(1);
    await waitFor(() => calls.lines().includes('cancelled hang'), 5000, 'the server to hear notifications/cancelled');
  });

  it('Stop while the model streams keeps the partial text and ends stopped', async () => {
    const controller = new AbortController();
    async function* slow(): AsyncIterable<CompletionEvent> {
      yield { type: 'text', delta: 'Partial' };
      controller.abort();
      await new Promise((resolve) => setTimeout(resolve, 10));
      yield { type: 'text', delta: ' never' };
    }
    const run = await runTurn({ engine: engine(), steps: [slow], turn: { signal: controller.signal } });
    expect(run.result).toEqual({ messages: [{ role: 'assistant', text: 'Partial', toolCalls: [] }], stopReason: 'stopped' });
  });

  it('stops at the step cap', async () => {
    const echo = callTools({ tool: 'mcp__everything__echo', arguments: { message: 'again' } });
    const run = await runTurn({ engine: engine({ maxSteps: 3 }), steps: [echo, echo, echo, answer('never reached')] });
    expect(run.result.stopReason).toBe('step_limit');
    expect(run.model.requests).toHaveLength(3);
    expect(run.result.messages.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant', 'tool', 'assistant', 'tool']);
    expect(run.events.filter((e) => e.type === 'step_start').map((e) => (e.type === 'step_start' ? e.stepIndex : -1))).toEqual([0, 1, 2]);
  });

  it('sends the tiny image to the next request as an EngineImage', async () => {
    const run = await runTurn({ engine: engine(), steps: [callTools({ id: 'img', tool: 'mcp__everything__get-tiny-image' }), answer('A logo.')] });
    const message = only(toolMessages(run.model.requests[1]));
    expect(message.images).toHaveLength(1);
    expect(message.images[0]?.mimeType).toBe('image/png');
    expect(Buffer.from(message.images[0]!.data, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(message.text).toContain('[Image: image/png]');
    expect(run.calls.get('img')?.result?.content.some((c) => c.type === 'image')).toBe(true);
  });

  it('cuts huge text for the model with a marker, while the view keeps all of it', async () => {
    const message = 'x'.repeat(50_000);
    const run = await runTurn({ engine: engine({ modelTextLimitChars: 1000 }), steps: [callTools({ id: 'big', tool: 'mcp__everything__echo', arguments: { message } }), answer('long')] });
    const sent = only(toolMessages(run.model.requests[1])).text;
    expect(sent.startsWith(`Echo: ${'x'.repeat(994)}\n\n[Result truncated for the model: showing the first 1000 of 50006 characters; 49006 characters were cut.`)).toBe(true);
    expect(sent.length).toBeLessThan(1200);
    const view = run.calls.get('big');
    expect(view?.result).toMatchObject({ text: sent, truncatedForModel: true });
    expect(view?.result?.content).toEqual([{ type: 'text', text: `Echo: ${message}` }]);
  });

  it('answers an unknown tool name with an error result listing the tools, without asking', async () => {
    const run = await runTurn({ engine: engine(), steps: [callTools({ id: 'u', tool: { literal: 'delete_everything' } }), answer('sorry')] });
    expect(run.calls.get('u')).toMatchObject({ status: 'error', errorCode: 'TOOL_NOT_FOUND', toolName: 'delete_everything' });
    const sent = only(toolMessages(run.model.requests[1]));
    expect(sent.isError).toBe(true);
    expect(sent.text).toMatch(/^Unknown tool "delete_everything"\. Available tools: .*mcp__everything__echo/);
    expect(run.result.stopReason).toBe('answered');
  });

  it('ends with the provider error code and keeps what came before', async () => {
    const run = await runTurn({
      engine: engine(),
      steps: [
        callTools({ tool: 'mcp__everything__echo', arguments: { message: 'one' } }),
        () => {
          throw new CompletionError('PROVIDER_RATE_LIMIT', '429 Too Many Requests', { status: 429 });
        },
      ],
    });
    expect(run.result).toEqual(
      expect.objectContaining({
        stopReason: 'error',
        error: { code: 'PROVIDER_RATE_LIMIT', params: { detail: '429 Too Many Requests', status: 429 } },
      }),
    );
    expect(run.result.messages.map((m) => m.role)).toEqual(['assistant', 'tool']);
  });

  it('reports each step’s token usage as the provider counted it', async () => {
    const counted = (inputTokens: number, outputTokens: number): CompletionEvent => ({ type: 'usage', usage: { inputTokens, outputTokens } });
    const run = await runTurn({
      engine: engine(),
      steps: [
        (request) => [...(callTools({ tool: 'mcp__everything__echo', arguments: { message: 'u' } })(request) as CompletionEvent[]).slice(0, -1), counted(900, 30), { type: 'done', stopReason: 'tool_calls' }],
        () => [{ type: 'text', delta: 'Done.' }, counted(1000, 2), { type: 'done', stopReason: 'end_turn' }],
      ],
    });
    expect(run.events.filter((e) => e.type === 'usage')).toEqual([
      { type: 'usage', stepIndex: 0, usage: { inputTokens: 900, outputTokens: 30 } },
      { type: 'usage', stepIndex: 1, usage: { inputTokens: 1000, outputTokens: 2 } },
    ]);
    expect(run.result.stopReason).toBe('answered');
  });

  it('maps argument keys renamed for Anthropic back to the server keys', async () => {
    const run = await runTurn({
      engine: engine(),
      turn: { provider: provider('anthropic'), toolMode: 'manual', selectedServerIds: [awkward.id] },
      steps: [
        (request) => {
          const tool = (request.tools as { name: string; input_schema: { properties: Record<string, unknown> } }[]).find((t) => t.name === 'mcp__awkward__save_file');
          const keys = Object.keys(tool?.input_schema.properties ?? {});
          const files = keys.find((k) => k.startsWith('files'));
          const ab = keys.find((k) => k.startsWith('a_'));
          expect(files).not.toBe('files[0]');
          return callTools({ id: 'k', tool: 'mcp__awkward__save-file', arguments: { [files!]: 'x.txt', [ab!]: { x_y: 2, ok: true } } })(request);
        },
        answer('saved'),
      ],
    });
    const received = JSON.parse(run.calls.get('k')?.result?.text ?? '{}');
    expect(received).toEqual({ tool: 'save-file', arguments: { 'files[0]': 'x.txt', 'a b': { 'x y': 2, ok: true } } });
    expect(run.calls.get('k')?.arguments).toEqual({ 'files[0]': 'x.txt', 'a b': { 'x y': 2, ok: true } });
  });

  it('rejects arguments that break the schema before asking, naming the field', async () => {
    const run = await runTurn({ engine: engine(), steps: [callTools({ id: 'bad', tool: 'mcp__everything__echo', arguments: { message: 42 } }), answer('oops')] });
    expect(run.calls.get('bad')).toMatchObject({ status: 'error', errorCode: 'INVALID_ARGUMENTS' });
    expect(only(toolMessages(run.model.requests[1])).text).toMatch(/^Invalid arguments for "echo" on server "everything": Argument "message" must be string\. Expected arguments:\n- message \(string, required\)/);
  });
});
