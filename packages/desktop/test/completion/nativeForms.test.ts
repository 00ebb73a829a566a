/**
 * What Elftia sends back after a tool ran, as each provider received it (the scripted server's
 * recording): the assistant's tool calls, the tool result with its original text, and the image in
 * that provider's native form.
 */
import { describe, expect, it } from 'vitest';
import { CompletionService } from '../../app/main/completion/CompletionService';
import type { EngineMessage } from '../../app/main/completion/types';
import type { WireFormatName } from '../support/scriptedProvider/script';
import { collect, completionError, FORMATS, PNG_BASE64, providerFor, scripted, textOf, VALID_TOOLS } from './helpers';

const service = new CompletionService();

const RESULT_TEXT = 'Rendered the chart.\n[Image: image/png]';

function history(callId: string): EngineMessage[] {
  return [
    { role: 'user', text: 'Draw a chart' },
    { role: 'assistant', text: 'Drawing.', toolCalls: [{ id: callId, name: 'mcp__everything__chart', arguments: { kind: 'bar' } }] },
    { role: 'tool', toolCallId: callId, name: 'mcp__everything__chart', text: RESULT_TEXT, isError: false, images: [{ mimeType: 'image/png', data: PNG_BASE64 }] },
  ];
}

async function sentBody(format: WireFormatName, callId: string): Promise<Record<string, unknown>> {
  const server = await scripted({ script: { turns: [{ text: ['A bar chart.'] }] } });
  await collect(service.stream({ provider: providerFor(format, server.url), model: 'scripted-model', system: 'sys', messages: history(callId), tools: VALID_TOOLS[format] }));
  return server.requests[0]!.body as Record<string, unknown>;
}

describe('tool results in the native form', () => {
  it('OpenAI: a role:tool message, then the image as an image_url data URL in a user message', async () => {
    const body = await sentBody('openai', 'call_1');
    expect(body.stream).toBe(true);
    expect(body.messages).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'Draw a chart' },
      { role: 'assistant', content: 'Drawing.', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'mcp__everything__chart', arguments: '{"kind":"bar"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: RESULT_TEXT },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Images returned by tool call call_1 (mcp__everything__chart):' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
        ],
      },
    ]);
  });

  it('Anthropic: tool_use in the assistant turn, tool_result with text and base64 image blocks', async () => {
    const body = await sentBody('anthropic', 'toolu_1');
    expect(body.system).toBe('sys');
    expect(body.max_tokens).toBeGreaterThan(0);
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Draw a chart' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Drawing.' }, { type: 'tool_use', id: 'toolu_1', name: 'mcp__everything__chart', input: { kind: 'bar' } }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: [
              { type: 'text', text: RESULT_TEXT },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
            ],
          },
        ],
      },
    ]);
  });

  it('Gemini: functionCall in the model turn, functionResponse plus an inlineData part, no invented id', async () => {
    const body = await sentBody('google', 'elftia-gemini-abc-0');
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'sys' }], role: 'user' });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Draw a chart' }] },
      { role: 'model', parts: [{ text: 'Drawing.' }, { functionCall: { name: 'mcp__everything__chart', args: { kind: 'bar' } } }] },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'mcp__everything__chart', response: { output: RESULT_TEXT } } },
          { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } },
        ],
      },
    ]);
  });

  it('Gemini: an id the API sent goes back with the call and its response', async () => {
    const body = await sentBody('google', 'fc_api_1');
    const contents = body.contents as { parts: Record<string, { id?: string }>[] }[];
    expect(contents[1]!.parts[1]!.functionCall!.id).toBe('fc_api_1');
    expect(contents[2]!.parts[0]!.functionResponse!.id).toBe('fc_api_1');
  });

  it('Anthropic and Gemini mark a failed tool as an error; an unsupported image type stays a placeholder', async () => {
    const messages: EngineMessage[] = [
      { role: 'user', text: 'x' },
      { role: 'assistant', text: '', toolCalls: [{ id: 'c1', name: 't', arguments: {} }] },
      { role: 'tool', toolCallId: 'c1', name: 't', text: 'boom [Image: image/svg+xml]', isError: true, images: [{ mimeType: 'image/svg+xml', data: 'PHN2Zz4=' }] },
    ];
    const server = await scripted({ script: { turns: [{ text: ['a'] }, { text: ['b'] }, { text: ['c'] }] } });
    for (const format of ['anthropic', 'google', 'openai'] as const) {
      await collect(service.stream({ provider: providerFor(format, server.url), model: 'm', messages, tools: [] }));
    }
    const [anthropic, google, openai] = server.requests.map((r) => r.body as Record<string, unknown[]>);
    expect((anthropic!.messages as { content: unknown[] }[])[2]!.content).toEqual([{ type: 'tool_result', tool_use_id: 'c1', content: [{ type: 'text', text: 'boom [Image: image/svg+xml]' }], is_error: true }]);
    expect((google!.contents as { parts: unknown[] }[])[2]!.parts).toEqual([{ functionResponse: { name: 't', response: { error: 'boom [Image: image/svg+xml]' }, id: 'c1' } }]);
    expect(openai!.messages).toHaveLength(3);
  });
});

describe('what the user sent, in the native form', () => {
  const attached: EngineMessage[] = [{ role: 'user', text: 'What is in the picture?', images: [{ mimeType: 'image/png', data: PNG_BASE64, name: 'chart.png' }] }];

  async function received(format: WireFormatName): Promise<Record<string, unknown>> {
    const server = await scripted({ script: { turns: [{ text: ['A chart.'] }] } });
    await collect(service.stream({ provider: providerFor(format, server.url), model: 'scripted-model', system: 'Answer like a pirate.', messages: attached, tools: [] }));
    return server.requests[0]!.body as Record<string, unknown>;
  }

  it('OpenAI: a system message first, the image as an image_url data URL part of the user message', async () => {
    expect((await received('openai')).messages).toEqual([
      { role: 'system', content: 'Answer like a pirate.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in the picture?' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
        ],
      },
    ]);
  });

  it('Anthropic: `system`, and a base64 image block after the text', async () => {
    const body = await received('anthropic');
    expect(body.system).toBe('Answer like a pirate.');
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in the picture?' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
        ],
      },
    ]);
  });

  it('Gemini: `systemInstruction`, and an inlineData part after the text', async () => {
    const body = await received('google');
    expect(body.systemInstruction).toEqual({ role: 'user', parts: [{ text: 'Answer like a pirate.' }] });
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'What is in the picture?' }, { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } }] }]);
  });
});

describe("the scripted provider checks the native form (a turn's expect)", () => {
  const attached: EngineMessage[] = [{ role: 'user', text: 'What is in the picture?', images: [{ mimeType: 'image/png', data: PNG_BASE64, name: 'chart.png' }] }];
  const expectation = { system: 'Answer like a pirate.', images: [{ mimeType: 'image/png', data: PNG_BASE64 }], userText: ['picture'] };

  it.each(FORMATS)('%s: answers a request carrying them, and refuses one without them with a 400 naming what is missing', async (format) => {
    const server = await scripted({ script: { turns: [{ text: ['A chart.'], expect: expectation }, { text: ['never'], expect: expectation }] } });
    const stream = (system: string | undefined, messages: EngineMessage[]) =>
      collect(service.stream({ provider: providerFor(format, server.url), model: 'scripted-model', ...(system ? { system } : {}), messages, tools: [] }));
    expect(textOf(await stream('Answer like a pirate.', attached))).toBe('A chart.');
    expect(server.requests[0]!.outcome).toBe('reply');

    // The same words without the image, and no system prompt: not what the turn expects.
    const error = await completionError(stream(undefined, [{ role: 'user', text: 'What is in the picture?' }]));
    expect(error.code).toBe('PROVIDER_BAD_REQUEST');
    expect(error.message).toMatch(/system prompt "Answer like a pirate\." \(got null\); an image\/png image in the \w+ form/);
    expect(server.requests[1]!.outcome).toBe('unmet');
  });
});
