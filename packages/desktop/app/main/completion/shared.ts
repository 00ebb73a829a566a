/** Small pure helpers the three adapters share. */
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../lib/jsonDepth';
import { malformedStream } from './errors';
import type { CompletionRequest, EngineImage, EngineMessage } from './types';

/** What the pure `toXRequest` mappers read of a request (no provider, no signal). */
export type MapperInput = Pick<CompletionRequest, 'model' | 'system' | 'messages' | 'tools'>;

/**
 * Parses a tool call's streamed argument text. Empty means "no arguments" (models send `""` for
 * tools without parameters); anything that is not a JSON object means the stream was garbled.
 */
export function parseToolArguments(text: string, toolName: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformedStream(`The arguments of tool call "${toolName}" are not valid JSON: ${text.slice(0, 200)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw malformedStream(`The arguments of tool call "${toolName}" are not a JSON object.`);
  }
  return checkArgumentDepth(value as Record<string, unknown>, toolName);
}

/**
 * Arguments nested past MAX_JSON_DEPTH levels: JSON.parse reads them, but every recursive step
 * after it (the argument validator, the stored message, the CLI's output) overflows the stack.
 */
export function checkArgumentDepth(args: Record<string, unknown>, toolName: string): Record<string, unknown> {
  if (nestsDeeperThan(args)) throw malformedStream(`The arguments of tool call "${toolName}" are nested deeper than ${MAX_JSON_DEPTH} levels.`);
  return args;
}

/**
 * The images a provider accepts inline. Others stay out of the request: the tool message's text
 * already carries the original design's `[Image: mime]` placeholder for every image (flattenContent).
 */
export function acceptedImages(images: EngineImage[], mimeTypes: ReadonlySet<string>): EngineImage[] {
  return images.filter((image) => mimeTypes.has(image.mimeType.toLowerCase()));
}

/** OpenAI and Anthropic vision inputs: PNG, JPEG, GIF, WebP. */
export const COMMON_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export type ToolMessage = Extract<EngineMessage, { role: 'tool' }>;
export type UserMessage = Extract<EngineMessage, { role: 'user' }>;

/** Splits the history into single messages and runs of consecutive tool results (one model step's answers). */
export function groupToolResults(messages: EngineMessage[]): (Exclude<EngineMessage, ToolMessage> | ToolMessage[])[] {
  const out: (Exclude<EngineMessage, ToolMessage> | ToolMessage[])[] = [];
  for (const message of messages) {
    const last = out.at(-1);
    if (message.role !== 'tool') out.push(message);
    else if (Array.isArray(last)) last.push(message);
    else out.push([message]);
  }
  return out;
}
