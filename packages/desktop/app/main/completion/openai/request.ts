/**
 * Engine messages → an OpenAI Chat Completions streaming request. Pure. Also used for every
 * openai-compatible endpoint (Ollama, LM Studio, DeepSeek, OpenRouter, …).
 */
import type {
  ChatCompletionContentPart,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import { acceptedImages, COMMON_IMAGE_TYPES, groupToolResults, type MapperInput, type ToolMessage, type UserMessage } from '../shared';
import type { EngineMessage } from '../types';

export interface OpenAIRequestOptions {
  /** Ask for the usage chunk at the stream's end (stream_options.include_usage). Default false. */
  includeUsage?: boolean;
}

export function toOpenAIRequest(request: MapperInput, options: OpenAIRequestOptions = {}): ChatCompletionCreateParamsStreaming {
  const messages: ChatCompletionMessageParam[] = request.system ? [{ role: 'system', content: request.system }] : [];
  for (const item of groupToolResults(request.messages)) {
    if (Array.isArray(item)) messages.push(...toolResults(item));
    else messages.push(toMessage(item));
  }
  const params: ChatCompletionCreateParamsStreaming = { model: request.model, messages, stream: true };
  if (options.includeUsage) params.stream_options = { include_usage: true };
  // An empty `tools` array is rejected by OpenAI ("[] is too short"); leave the field out instead.
  if (request.tools.length > 0) params.tools = request.tools as ChatCompletionTool[];
  return params;
}

function toMessage(message: Exclude<EngineMessage, ToolMessage>): ChatCompletionMessageParam {
  if (message.role === 'user') return userMessage(message);
  if (message.toolCalls.length === 0) return { role: 'assistant', content: message.text };
  return {
    role: 'assistant',
    // `null`, not "", when the step only called tools: some compatible servers reject empty content.
    content: message.text === '' ? null : message.text,
    tool_calls: message.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
    })),
  };
}

/** Text alone as a string; with attached images, a text part and one `image_url` part (a data URL) per image. */
function userMessage(message: UserMessage): ChatCompletionMessageParam {
  const images = acceptedImages(message.images ?? [], COMMON_IMAGE_TYPES);
  if (images.length === 0) return { role: 'user', content: message.text };
  const parts: ChatCompletionContentPart[] = message.text === '' ? [] : [{ type: 'text', text: message.text }];
  for (const image of images) parts.push({ type: 'image_url', image_url: { url: `data:${image.mimeType};base64,${image.data}` } });
  return { role: 'user', content: parts };
}

/**
 * Tool results as `role: 'tool'` messages (text only: that is all the role carries). Their images
 * follow in one user message, because Chat Completions accepts image parts only from the user; each
 * image is introduced by the call it came from, so the model can tell them apart.
 */
function toolResults(results: ToolMessage[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = results.map((result) => ({ role: 'tool', tool_call_id: result.toolCallId, content: result.text }));
  const parts: ChatCompletionContentPart[] = [];
  for (const result of results) {
    const images = acceptedImages(result.images, COMMON_IMAGE_TYPES);
    if (images.length === 0) continue;
    parts.push({ type: 'text', text: `Images returned by tool call ${result.toolCallId} (${result.name}):` });
    for (const image of images) parts.push({ type: 'image_url', image_url: { url: `data:${image.mimeType};base64,${image.data}` } });
  }
  if (parts.length > 0) out.push({ role: 'user', content: parts });
  return out;
}
