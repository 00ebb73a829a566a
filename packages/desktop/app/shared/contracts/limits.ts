/**
 * Size limits of everything that crosses into main from the renderer, the CLI or a config file.
 * Each is far above what a real configuration reaches — the largest real
 * values are a PEM key or a service-account JSON in an env value (about 3 KiB), a JSON object passed
 * as one argument (a few KiB), a model list of a few hundred ids — and far below what hurts: without
 * them a 10 MiB argument was stored and every list returned it, and a 10 MiB mirror URL in every
 * server's environment made spawn fail with E2BIG. Lengths count UTF-16 code units (`string.length`).
 *
 * Every string, array and record in the shared schemas and the router inputs carries one of these
 * (test/boundaries/schemaLimits.test.ts walks them). Runtime-neutral: imports only zod.
 */
import { z } from 'zod';

/** Server, provider and other user-given names (a name is a label, not a description). */
export const NAME_MAX_LENGTH = 64;
/** Ids the app hands out (UUIDs, `builtin:files`) and names a server or provider chose for its tools and models. */
export const ID_MAX_LENGTH = 256;
/** A conversation title. */
export const TITLE_MAX_LENGTH = 200;
/** One chat message the user sends: a long paste, not a file. */
export const CHAT_TEXT_MAX_LENGTH = 100_000;

/** A stdio server's command: a program name or path. */
export const COMMAND_MAX_LENGTH = 4096;
/** One command-line argument (an inline JSON config is a few KiB). */
export const ARG_MAX_LENGTH = 32 * 1024;
export const ARGS_MAX_COUNT = 256;
/** All arguments of one server together. */
export const ARGS_MAX_TOTAL_LENGTH = 64 * 1024;
/** A file system path (Linux's PATH_MAX). */
export const PATH_MAX_LENGTH = 4096;
export const WATCH_PATHS_MAX_COUNT = 16;
/**
 * Tool names one server's per-tool switches list (disabled, always allowed). The largest real
 * servers list a few dozen tools; each name is one the server chose (ID_MAX_LENGTH).
 */
export const SERVER_TOOL_SWITCHES_MAX_COUNT = 1000;

/** Environment variables of one server: names, values, count, and all values together. */
export const ENV_KEY_MAX_LENGTH = 256;
export const ENV_VALUE_MAX_LENGTH = 32 * 1024;
export const ENV_MAX_ENTRIES = 200;
export const ENV_MAX_TOTAL_LENGTH = 64 * 1024;

/** HTTP headers of one remote server; servers refuse requests with more than 8–16 KiB of headers. */
export const HEADER_NAME_MAX_LENGTH = 256;
export const HEADER_VALUE_MAX_LENGTH = 8 * 1024;
export const HEADERS_MAX_ENTRIES = 64;
export const HEADERS_MAX_TOTAL_LENGTH = 16 * 1024;

/** A server or provider URL (browsers and proxies cut URLs near 8 KiB). */
export const URL_MAX_LENGTH = 8 * 1024;
/** A package mirror URL: it goes into every stdio server's environment. */
export const MIRROR_URL_MAX_LENGTH = 2048;
/** A provider API key (the longest real keys are a few hundred characters). */
export const API_KEY_MAX_LENGTH = 4096;
/** Models listed for one provider (OpenRouter offers about 300). */
export const MODELS_MAX_COUNT = 1000;

/** Models a provider's own list may return that Elftia keeps (OpenRouter lists about 300). */
export const LISTED_MODELS_MAX_COUNT = MODELS_MAX_COUNT;

/** A conversation's system prompt, and the default one in Settings → General (a long persona fits). */
export const SYSTEM_PROMPT_MAX_LENGTH = 20_000;

/** Files attached to one message. */
export const ATTACHMENTS_MAX_COUNT = 10;
/** An attached file's name as shown on its chip (most file systems cap names at 255 bytes). */
export const FILE_NAME_MAX_LENGTH = 255;
/** One attached image, decoded: Anthropic's Messages API refuses images over 5 MB. */
export const IMAGE_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** The base64 text of the largest image (4 characters per 3 bytes). */
export const IMAGE_ATTACHMENT_MAX_BASE64_LENGTH = Math.ceil(IMAGE_ATTACHMENT_MAX_BYTES / 3) * 4;
/** One attached text file, in characters: it is inlined into the message the model reads. */
export const TEXT_ATTACHMENT_MAX_LENGTH = 200_000;
/**
 * All attachments of one message together (image bytes plus text characters). Base64-encoded they
 * stay under 20 MiB: below Gemini's 20 MB inline request and the host's 32 MiB WebSocket message.
 */
export const ATTACHMENTS_MAX_TOTAL_BYTES = 15 * 1024 * 1024;
/**
 * Images of earlier messages sent again with a new turn, newest first, in bytes; older ones are
 * replaced by a line of text saying so, so a long illustrated conversation stays within a request.
 */
export const HISTORY_IMAGES_MAX_BYTES = 15 * 1024 * 1024;

/** Configured MCP servers: with the limits above, `mcp.list` stays under about 20 MiB at worst. */
export const MCP_SERVERS_MAX_COUNT = 100;
export const PROVIDERS_MAX_COUNT = 100;

/** Answers to one preset's dialog, and one answer (a folder path, a repository). */
export const PRESET_INPUTS_MAX_ENTRIES = 32;
export const PRESET_INPUT_MAX_LENGTH = PATH_MAX_LENGTH;

/** Servers picked for one conversation. */
export const SELECTED_SERVERS_MAX_COUNT = MCP_SERVERS_MAX_COUNT;
/** Top-level keys of a tool call's arguments sent from the CLI or the UI. */
export const TOOL_ARGUMENTS_MAX_ENTRIES = 1000;

/**
 * Text and base64 data of one content item of a tool result. No item can be larger: the stdio
 * transport reads at most 64 MiB per message (DEFAULT_MAX_LINE_BYTES in main/…/process/ProcessStdioTransport.ts).
 */
export const TOOL_CONTENT_MAX_LENGTH = 64 * 1024 * 1024;
/** Annotation keys of one content item (MCP defines three). */
export const ANNOTATIONS_MAX_ENTRIES = 64;

/**
 * `z.record` with at most `maxEntries` keys; beyond that the issue is `tooMany` with `params.max`.
 * zod has no size check for records, hence a refinement, marked `bound: 'entries'` in its params so
 * a test can tell it from other refinements (a registry entry would not survive `.refine()` or
 * `.default()`, which copy the schema).
 */
export function boundedRecord<K extends z.core.$ZodRecordKey, V extends z.core.SomeType>(key: K, value: V, maxEntries: number) {
  return z
    .record(key, value)
    .refine((record) => Object.keys(record).length <= maxEntries, { error: 'tooMany', params: { max: maxEntries, bound: 'entries' } });
}

/**
 * A check that the strings of an array or the values of a record add up to at most `max`
 * characters: `tooLarge` with `params.max`. Skipped while an item has its own issue (one 10 MiB
 * value is `tooLong`, not also `tooLarge`).
 */
export function maxTotalLength(max: number) {
  return z.refine<string[] | Record<string, string>>((value) => totalLength(Array.isArray(value) ? value : Object.values(value)) <= max, {
    error: 'tooLarge',
    params: { max },
    when: (payload) => payload.issues.length === 0,
  });
}

function totalLength(values: Iterable<string>): number {
  let total = 0;
  for (const value of values) total += value.length;
  return total;
}
