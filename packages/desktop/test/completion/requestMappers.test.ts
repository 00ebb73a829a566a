/** The pure `toXRequest` mappers, table-driven. */
import { describe, expect, it } from 'vitest';
import { toAnthropicRequest } from '../../app/main/completion/anthropic/request';
import { toGeminiRequest } from '../../app/main/completion/gemini/request';
import { toOpenAIRequest } from '../../app/main/completion/openai/request';
import type { MapperInput } from '../../app/main/completion/shared';
import type { EngineMessage } from '../../app/main/completion/types';

const img = (mimeType: string) => ({ mimeType, data: 'AAAA' });

/** One step that called two tools in parallel, then a follow-up question. */
const PARALLEL: EngineMessage[] = [
  { role: 'user', text: 'q' },
  { role: 'assistant', text: '', toolCalls: [{ id: 'a', name: 'ta', arguments: { x: 1 } }, { id: 'b', name: 'tb', arguments: {} }] },
  { role: 'tool', toolCallId: 'a', name: 'ta', text: 'ra', isError: false, images: [img('image/png')] },
  { role: 'tool', toolCallId: 'b', name: 'tb', text: 'rb', isError: false, images: [img('image/jpeg'), img('image/tiff')] },
  { role: 'user', text: 'and?' },
];

const input = (messages: EngineMessage[], extra: Partial<MapperInput> = {}): MapperInput => ({ model: 'm', messages, tools: [], ...extra });

describe('toOpenAIRequest', () => {
  it.each([
    ['no system, no tools', input([{ role: 'user', text: 'hi' }]), { model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] }],
    ['a system prompt first', input([{ role: 'user', text: 'hi' }], { system: 's' }), { model: 'm', stream: true, messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'hi' }] }],
    ['tools as given', input([], { tools: [{ type: 'function' }] }), { model: 'm', stream: true, messages: [], tools: [{ type: 'function' }] }],
    ['a plain assistant answer', input([{ role: 'assistant', text: 'ok', toolCalls: [] }]), { model: 'm', stream: true, messages: [{ role: 'assistant', content: 'ok' }] }],
  ])('%s', (_, request, expected) => {
    expect(toOpenAIRequest(request)).toEqual(expected);
  });

  it('answers parallel calls with one tool message each, then one user message with the accepted images', () => {
    expect(toOpenAIRequest(input(PARALLEL)).messages).toEqual([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'ta', arguments: '{"x":1}' } }, { id: 'b', type: 'function', function: { name: 'tb', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'a', content: 'ra' },
      { role: 'tool', tool_call_id: 'b', content: 'rb' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Images returned by tool call a (ta):' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
          { type: 'text', text: 'Images returned by tool call b (tb):' },
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,AAAA' } },
        ],
      },
      { role: 'user', content: 'and?' },
    ]);
  });
});

describe('toAnthropicRequest', () => {
  it.each([
    ['user text', [{ role: 'user', text: 'hi' }], [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]],
    ['an empty user text is left out', [{ role: 'user', text: '' }], []],
    [
      'consecutive user turns merge',
      [{ role: 'user', text: 'a' }, { role: 'user', text: 'b' }],
      [{ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }],
    ],
  ] as [string, EngineMessage[], unknown][])('%s', (_, messages, expected) => {
    expect(toAnthropicRequest(input(messages)).messages).toEqual(expected);
  });

  it('puts parallel results in one user turn, first, with image blocks inside each tool_result', () => {
    const messages = toAnthropicRequest(input(PARALLEL)).messages;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[1]!.content).toEqual([{ type: 'tool_use', id: 'a', name: 'ta', input: { x: 1 } }, { type: 'tool_use', id: 'b', name: 'tb', input: {} }]);
    expect(messages[2]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'a', content: [{ type: 'text', text: 'ra' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } }] },
      { type: 'tool_result', tool_use_id: 'b', content: [{ type: 'text', text: 'rb' }, { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'AAAA' } }] },
      { type: 'text', text: 'and?' },
    ]);
  });

  it('sets system, max_tokens, stream, and tools only when there are some', () => {
    const request = toAnthropicRequest(input([{ role: 'user', text: 'hi' }], { system: 's' }));
    expect(request).toMatchObject({ model: 'm', system: 's', stream: true, max_tokens: expect.any(Number) });
    expect(request).not.toHaveProperty('tools');
    expect(toAnthropicRequest(input([], { tools: [{ name: 't' }] })).tools).toEqual([{ name: 't' }]);
  });
});

describe('toGeminiRequest', () => {
  it('maps roles to user/model, answers parallel calls in one turn with responses before images', () => {
    const request = toGeminiRequest(input(PARALLEL, { system: 's', tools: [{ functionDeclarations: [] }] }));
    expect(request.config).toMatchObject({ systemInstruction: 's', tools: [{ functionDeclarations: [] }], automaticFunctionCalling: { disable: true }, automaticContinuation: false });
    expect(request.contents).toEqual([
      { role: 'user', parts: [{ text: 'q' }] },
      { role: 'model', parts: [{ functionCall: { name: 'ta', args: { x: 1 }, id: 'a' } }, { functionCall: { name: 'tb', args: {}, id: 'b' } }] },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'ta', response: { output: 'ra' }, id: 'a' } },
          { functionResponse: { name: 'tb', response: { output: 'rb' }, id: 'b' } },
          { inlineData: { mimeType: 'image/png', data: 'AAAA' } },
          { inlineData: { mimeType: 'image/jpeg', data: 'AAAA' } },
        ],
      },
      { role: 'user', parts: [{ text: 'and?' }] },
    ]);
  });

  it('echoes a remembered thought signature and leaves out synthetic ids', () => {
    const messages: EngineMessage[] = [{ role: 'assistant', text: 'x', toolCalls: [{ id: 'elftia-gemini-1234-0', name: 't', arguments: {} }] }];
    const request = toGeminiRequest(input(messages), { signatureOf: (id) => (id === 'elftia-gemini-1234-0' ? 'sig==' : undefined) });
    expect(request.contents).toEqual([{ role: 'model', parts: [{ text: 'x' }, { functionCall: { name: 't', args: {} }, thoughtSignature: 'sig==' }] }]);
  });
});

describe('images the user attached, in each native form', () => {
  const attached: EngineMessage[] = [
    { role: 'user', text: 'What is this?', images: [{ ...img('image/png'), name: 'a.png' }, { ...img('image/gif'), name: 'b.gif' }] },
    { role: 'user', text: '', images: [img('image/webp')] },
  ];

  it('OpenAI: a text part, then one image_url data URL per image (the text part left out when empty)', () => {
    expect(toOpenAIRequest(input(attached)).messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
          { type: 'image_url', image_url: { url: 'data:image/gif;base64,AAAA' } },
        ],
      },
      { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/webp;base64,AAAA' } }] },
    ]);
  });

  it('Anthropic: a text block, then a base64 image block per image, in one user turn', () => {
    expect(toAnthropicRequest(input(attached)).messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
          { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: 'AAAA' } },
          { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: 'AAAA' } },
        ],
      },
    ]);
  });

  it('Gemini: a text part, then inlineData parts; a GIF, which Gemini does not read, is named in a line of text', () => {
    expect(toGeminiRequest(input(attached)).contents).toEqual([
      {
        role: 'user',
        parts: [
          { text: 'What is this?' },
          { inlineData: { mimeType: 'image/png', data: 'AAAA' } },
          { text: '[Image "b.gif" (image/gif) not sent: this model does not read that type.]' },
        ],
      },
      { role: 'user', parts: [{ inlineData: { mimeType: 'image/webp', data: 'AAAA' } }] },
    ]);
  });

  it('text alone stays a plain string (OpenAI) or one text part (Gemini)', () => {
    expect(toOpenAIRequest(input([{ role: 'user', text: 'hi', images: [] }])).messages).toEqual([{ role: 'user', content: 'hi' }]);
    expect(toGeminiRequest(input([{ role: 'user', text: 'hi' }])).contents).toEqual([{ role: 'user', parts: [{ text: 'hi' }] }]);
  });
});
