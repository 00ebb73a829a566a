/**
 * What the scripted provider answers: a list of turns, one per model request, in order. Tests
 * write it in code or as JSON (the standalone server's `--script` file and `POST /__script`).
 */
import { z } from 'zod';

export const WIRE_FORMATS = ['openai', 'anthropic', 'google'] as const;
export type WireFormatName = (typeof WIRE_FORMATS)[number];

const toolCallSchema = z.strictObject({
  /** Defaults to call_<n> (OpenAI) / toolu_<n> (Anthropic); Gemini sends an id only when one is given. */
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
  /** Sent verbatim instead of `arguments` (OpenAI and Anthropic only), e.g. to send invalid JSON. */
  rawArguments: z.string().optional(),
  /** How many pieces the argument JSON is streamed in (OpenAI, Anthropic); default 3. */
  fragments: z.number().int().min(1).default(3),
});

export const turnSchema = z.strictObject({
  /** When set, a request in another wire format fails the turn with a 500 naming both. */
  format: z.enum(WIRE_FORMATS).optional(),
  /** Text chunks, streamed one event each. */
  text: z.array(z.string()).default([]),
  toolCalls: z.array(toolCallSchema).default([]),
  /** Default: tool_calls when there are tool calls, else end_turn. */
  stopReason: z.enum(['end_turn', 'tool_calls', 'max_tokens']).optional(),
  /** Answer with this HTTP status in the provider's own error format instead of a reply. */
  error: z.strictObject({ status: z.number().int().min(400).max(599), message: z.string().optional() }).optional(),
  /**
   * Break the stream: `garbage` sends an unparsable event after the first ones, `truncated` ends the
   * body cleanly before the final events, `reset` destroys the connection mid-stream.
   */
  malformed: z.enum(['garbage', 'truncated', 'reset']).optional(),
  /** After the chunks, keep the response open (no final events) until the client goes away. */
  hold: z.boolean().default(false),
  /** Pause between streamed events, in milliseconds; default 0. */
  chunkDelayMs: z.number().int().min(0).max(60_000).default(0),
  /**
   * Token counts the stream reports, in the format's own way. Anthropic and Gemini always report
   * usage (10 in, 12 out by default); OpenAI only when the script gives it and the request asked
   * for it with stream_options.include_usage, as the real API does.
   */
  usage: z.strictObject({ input: z.number().int().min(0), output: z.number().int().min(0) }).optional(),
  /**
   * What the request must carry, read as the provider's API reads it (expectations.ts); a request
   * without it is answered 400 naming what is missing (outcome `unmet`).
   */
  expect: z
    .strictObject({
      /** The system prompt, in the format's own place. */
      system: z.string().optional(),
      /** Images in the latest user message, in the format's own image form; `data` is base64. */
      images: z.array(z.strictObject({ mimeType: z.string(), data: z.string() })).default([]),
      /** Texts the latest user message contains (an inlined text file, say). */
      userText: z.array(z.string()).default([]),
    })
    .optional(),
});

/** A listed model: an id, or its fields. */
const modelSchema = z.union([
  z.string(),
  z.strictObject({
    id: z.string(),
    /** Anthropic `display_name`, Gemini `displayName`, OpenRouter-style `name` (OpenAI format). */
    displayName: z.string().optional(),
    /** Gemini only: false lists the model without `generateContent` (an embedding model). */
    chat: z.boolean().default(true),
  }),
]);

export const scriptSchema = z.strictObject({
  turns: z.array(turnSchema).default([]),
  /** What GET …/models lists. */
  models: z.array(modelSchema).default(['scripted-model']),
  /**
   * Models per page (Anthropic `limit`/`after_id`/`has_more`, Gemini `pageSize`/`pageToken`/
   * `nextPageToken`; a smaller `limit` or `pageSize` the client asks for wins). Default: one page.
   * OpenAI's list has no pages.
   */
  modelsPageSize: z.number().int().min(1).optional(),
  /** When set, a request with another key is answered 401 in the provider's format. */
  apiKey: z.string().optional(),
  /** Check incoming tool definitions with test/tools/providerRules.ts and answer a breach with 400; default true. */
  validateTools: z.boolean().default(true),
  /**
   * The answer to Elftia's title requests (TitleGenerator's system prompt), which take no turn of
   * `turns`; without it they are answered 500. Recorded with `purpose: 'title'`.
   */
  title: turnSchema.optional(),
  /** Answer a request with stream_options 400 in Groq's words, as some OpenAI-compatible servers do. */
  refuseStreamOptions: z.boolean().default(false),
});

export type ScriptInput = z.input<typeof scriptSchema>;
export type Script = z.output<typeof scriptSchema>;
export type Turn = z.output<typeof turnSchema>;
export type ScriptedToolCall = Turn['toolCalls'][number];

export interface ListedModel {
  id: string;
  displayName?: string;
  chat: boolean;
}

export function listedModels(script: Script): ListedModel[] {
  return script.models.map((model) => (typeof model === 'string' ? { id: model, chat: true } : model));
}

/** One page of `models` from index `start`, at most `size` long, and where the next page starts (none: the last page). */
export function pageOf<T>(models: T[], start: number, size: number | undefined): { page: T[]; next: number | undefined } {
  const end = size === undefined ? models.length : Math.min(models.length, start + size);
  return { page: models.slice(start, end), next: end < models.length ? end : undefined };
}

export function parseScript(raw: unknown): Script {
  return scriptSchema.parse(raw);
}

export type StopKind = 'end_turn' | 'tool_calls' | 'max_tokens';

export function stopOf(turn: Turn): StopKind {
  return turn.stopReason ?? (turn.toolCalls.length > 0 ? 'tool_calls' : 'end_turn');
}

export function argumentText(call: ScriptedToolCall): string {
  return call.rawArguments ?? JSON.stringify(call.arguments);
}

/** Splits `text` into `count` pieces of near-equal length (fewer when the text is shorter). */
export function splitInto(text: string, count: number): string[] {
  if (text === '') return [''];
  const size = Math.ceil(text.length / count);
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}
