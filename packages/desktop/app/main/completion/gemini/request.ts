/** Engine messages → a Gemini generateContent (stream) request. Pure. */
import type { Content, GenerateContentParameters, Part, Tool } from '@google/genai';
import { acceptedImages, groupToolResults, type MapperInput, type ToolMessage, type UserMessage } from '../shared';
import type { EngineMessage } from '../types';

/**
 * Gemini's function calls carry no id unless the API sends one; Elftia then names them itself with
 * this prefix, and never sends such an id back (the API would not know it).
 */
export const GEMINI_SYNTHETIC_ID_PREFIX = 'elftia-gemini-';

/** Image types Gemini accepts inline (ai.google.dev "Image understanding"). */
const GEMINI_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif']);

export interface GeminiMapperOptions {
  /**
   * The thought signature the API attached to a function call, to echo with it: Gemini 3 rejects
   * a history whose function calls lost theirs.
   */
  signatureOf?: (callId: string) => string | undefined;
}

export function toGeminiRequest(request: MapperInput, options: GeminiMapperOptions = {}): GenerateContentParameters {
  const contents: Content[] = [];
  for (const item of groupToolResults(request.messages)) {
    contents.push(Array.isArray(item) ? toolResults(item) : toContent(item, options));
  }
  const config: NonNullable<GenerateContentParameters['config']> = {
    // Both are client-side SDK features that would retry or call tools on their own; the engine owns both.
    automaticFunctionCalling: { disable: true },
    automaticContinuation: false,
  };
  if (request.system) config.systemInstruction = request.system;
  if (request.tools.length > 0) config.tools = request.tools as Tool[];
  return { model: request.model, contents, config };
}

function toContent(message: Exclude<EngineMessage, ToolMessage>, options: GeminiMapperOptions): Content {
  if (message.role === 'user') return userContent(message);
  const parts: Part[] = message.text === '' ? [] : [{ text: message.text }];
  for (const call of message.toolCalls) {
    const part: Part = { functionCall: { name: call.name, args: call.arguments, ...realId(call.id) } };
    const signature = options.signatureOf?.(call.id);
    if (signature) part.thoughtSignature = signature;
    parts.push(part);
  }
  // A model turn needs at least one part; an empty answer is sent as empty text.
  return { role: 'model', parts: parts.length > 0 ? parts : [{ text: '' }] };
}

/**
 * The text, then each attached image as an inlineData part. Gemini reads no GIF: such an image is a
 * line of text saying so, so the model knows one was sent rather than missing it silently.
 */
function userContent(message: UserMessage): Content {
  const parts: Part[] = message.text === '' ? [] : [{ text: message.text }];
  for (const image of message.images ?? []) {
    if (GEMINI_IMAGE_TYPES.has(image.mimeType.toLowerCase())) parts.push({ inlineData: { mimeType: image.mimeType, data: image.data } });
    else parts.push({ text: `[Image ${image.name ? `"${image.name}" ` : ''}(${image.mimeType}) not sent: this model does not read that type.]` });
  }
  // A user turn needs at least one part.
  return { role: 'user', parts: parts.length > 0 ? parts : [{ text: '' }] };
}

/**
 * One user turn answering one model step: a functionResponse per call (as many as there were
 * calls, which Gemini checks), then the results' images as inlineData parts.
 */
function toolResults(results: ToolMessage[]): Content {
  const responses: Part[] = results.map((result) => ({
    functionResponse: {
      name: result.name,
      response: result.isError ? { error: result.text } : { output: result.text },
      ...realId(result.toolCallId),
    },
  }));
  const images: Part[] = results.flatMap((result) =>
    acceptedImages(result.images, GEMINI_IMAGE_TYPES).map((image) => ({ inlineData: { mimeType: image.mimeType, data: image.data } })),
  );
  return { role: 'user', parts: [...responses, ...images] };
}

function realId(id: string): { id?: string } {
  return id.startsWith(GEMINI_SYNTHETIC_ID_PREFIX) ? {} : { id };
}
