import type { ProviderFormat } from './types';

/**
 * Tool name length: OpenAI and Anthropic docs say 64, Gemini's docs say 64 but older docs and
 * gemini-cli found 63 in practice. 63 fits all three.
 */
export const MAX_TOOL_NAME_LENGTH = 63;

/** Hex digits of the sha256 suffix added to a cut or colliding name. */
export const NAME_HASH_LENGTH = 6;

/** OpenAI rejects `function.description` longer than 1024 (`string_above_max_length`). */
export const OPENAI_MAX_DESCRIPTION_LENGTH = 1024;

/**
 * Anthropic and Gemini document no description limit, but every token of it is sent with every
 * request: a 4 MiB description (about a million tokens) failed every chat its server was part of.
 * Real descriptions stay far below this (the longest in test/tools/corpus/real-servers.json is under 3,000
 * characters).
 */
export const MAX_DESCRIPTION_LENGTH = 16 * 1024;

/** Anthropic: property keys must match `^[a-zA-Z0-9_.-]{1,64}$`; applied to Gemini too. */
export const PROPERTY_KEY_PATTERN = /^[a-zA-Z0-9_.-]{1,64}$/;
export const MAX_PROPERTY_KEY_LENGTH = 64;

/**
 * Tools per request: OpenAI 128 (`array too long … maximum length 128`),
 * Gemini 512 (`At most 512 function declarations`). Anthropic documents no cap for non-strict tools and
 * third-party pages disagree (64 vs 128), so it gets the summary's safe envelope: "Send ≤ 128 per request".
 */
export const MAX_TOOLS: Record<ProviderFormat, number> = { openai: 128, anthropic: 128, google: 512 };

/**
 * Nesting depth after `$ref` inlining. Gemini rejects deep schemas (`exceeds the maximum allowed nesting
 * depth`, limit undocumented) and OpenAI strict allows 10 levels; deeper subtrees
 * become "any value" nodes, so this only cuts what recursion or pathological servers produce.
 */
export const MAX_SCHEMA_DEPTH = 12;

/** Schema nodes after inlining; a `$ref` graph that expands past this is dropped, not sent. */
export const MAX_SCHEMA_NODES = 5000;

/** Cuts text to at most `max` UTF-16 units (so at most `max` code points), never inside a surrogate pair. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}
