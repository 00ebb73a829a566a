/** Engine messages → an Anthropic Messages streaming request. Pure. */
import type {
  ContentBlockParam,
  ImageBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  TextBlockParam,
  Tool,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import { acceptedImages, COMMON_IMAGE_TYPES, type MapperInput } from '../shared';
import type { EngineImage, EngineMessage } from '../types';

/**
 * `max_tokens` is required by the Messages API. 8192 is within every current Claude model's
 * output limit; the engine has no per-model setting for it yet.
 */
export const ANTHROPIC_MAX_TOKENS = 8192;

type Role = 'user' | 'assistant';

export function toAnthropicRequest(request: MapperInput): MessageCreateParamsStreaming {
  const params: MessageCreateParamsStreaming = {
    model: request.model,
    max_tokens: ANTHROPIC_MAX_TOKENS,
    messages: toMessages(request.messages),
    stream: true,
  };
  if (request.system) params.system = request.system;
  if (request.tools.length > 0) params.tools = request.tools as Tool[];
  return params;
}

/**
 * The API wants alternating turns, and the results of one step's tool calls together in the next
 * user turn, first; so consecutive blocks of one role are merged into one message, and empty text
 * blocks (rejected: "text content blocks must be non-empty") are left out.
 */
function toMessages(messages: EngineMessage[]): MessageParam[] {
  const out: { role: Role; content: ContentBlockParam[] }[] = [];
  for (const message of messages) {
    const role: Role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = toBlocks(message);
    if (blocks.length === 0) continue;
    const last = out.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  }
  return out;
}

function toBlocks(message: EngineMessage): ContentBlockParam[] {
  switch (message.role) {
    case 'user':
      // Attached images as the API's own base64 image blocks, after the text.
      return [...textBlocks(message.text), ...acceptedImages(message.images ?? [], COMMON_IMAGE_TYPES).map(imageBlock)];
    case 'assistant':
      return [
        ...textBlocks(message.text),
        ...message.toolCalls.map((call): ContentBlockParam => ({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments })),
      ];
    case 'tool': {
      // Images go back inside the tool_result, as the API's own image blocks.
      const content: (TextBlockParam | ImageBlockParam)[] = [...textBlocks(message.text), ...acceptedImages(message.images, COMMON_IMAGE_TYPES).map(imageBlock)];
      const block: ToolResultBlockParam = { type: 'tool_result', tool_use_id: message.toolCallId, content };
      if (message.isError) block.is_error = true;
      return [block];
    }
  }
}

function textBlocks(text: string): TextBlockParam[] {
  return text === '' ? [] : [{ type: 'text', text }];
}

function imageBlock(image: EngineImage): ImageBlockParam {
  const mediaType = image.mimeType.toLowerCase() as 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data: image.data } };
}
